// Composition: placeholder until its first type lands.
