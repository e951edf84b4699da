import MediaBatch

// Placeholder entry point; the real command line lands with the manifest and run commands.
print("mediabatch: nothing to do yet")
