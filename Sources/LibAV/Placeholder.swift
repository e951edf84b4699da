// LibAV: placeholder until its first type lands.
