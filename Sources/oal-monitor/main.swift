print("not yet implemented")
