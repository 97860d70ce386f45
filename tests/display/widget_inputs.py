"""Inputs shared by the explorer tests: the ship and cat examples, a six-segment corpus of three systems."""

from __future__ import annotations

SHIP_REFS = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]
CAT_REFS = ["The cat is on the mat.", "There is a cat on the mat."]
SEGMENT_REFS = [["the cat is on the mat", "there is a cat on the mat"],
                ["a dog bit the mailman", "the dog bit a mailman"],
                ["it is a ship", "this is a ship"],
                ["he was led to the plane", "he was taken to the plane"],
                ["the military heeds the party", "the army obeys the party"],
                ["we always do", "we invariably do"]]
SYSTEMS = {
    "weak": ["the the the", "dog mailman", "ship", "plane", "military", "do always"],
    "good": ["the cat is on a mat", "a dog bit the mailman", "it is ship", "he was led to a plane",
             "the military heed the party", "we always do"],
    "fair": ["the cat on mat", "dog bit mailman", "it ship", "he led to the plane", "military party", "we do"],
}
