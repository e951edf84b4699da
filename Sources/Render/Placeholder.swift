// Render: placeholder until its first type lands.
