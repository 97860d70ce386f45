"""The exercises not yet moved into their notebook's module; the framework is :mod:`bleu_explain.course.checker`."""

from ..checker import Exercise, Feedback, check, exercises_for, feedback

__all__ = ["Exercise", "Feedback", "check", "exercises_for", "feedback"]
