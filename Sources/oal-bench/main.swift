print("oal-bench: not yet implemented")
