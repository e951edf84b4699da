// Report: placeholder until its first type lands.
