print("Counter example: coming with the core issue.")
