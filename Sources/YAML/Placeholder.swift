// YAML: placeholder until its first type lands.
