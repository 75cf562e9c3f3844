"""What the benchmark scripts share for their command lines."""
import argparse


def positive(text):
    """argparse type: a whole number of at least 1 (a clear error otherwise)."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of at least 1")
    return n
