// Scheduler: placeholder until its first type lands.
