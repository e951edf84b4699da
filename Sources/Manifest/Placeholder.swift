// Manifest: placeholder until its first type lands.
