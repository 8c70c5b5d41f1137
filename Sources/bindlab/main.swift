print("bindlab")
