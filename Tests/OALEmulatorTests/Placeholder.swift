// The tests of this layer arrive with the layer; see docs/ARCHITECTURE.md.
