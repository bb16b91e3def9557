"""The entity_stream's scripted ``memgym`` policies: reference policies and cheaters."""
