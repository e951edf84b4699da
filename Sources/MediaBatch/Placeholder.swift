// MediaBatch: placeholder until its first type lands.
