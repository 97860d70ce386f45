"""(being written)"""

from .catalogue import Said

MESSAGES: dict[str, Said] = {}
