"""The core: the event store, the readers of every input, errors, language and names."""
