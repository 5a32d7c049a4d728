// Placeholder until this layer lands; see docs/ARCHITECTURE.md.
