//! Working rules (relaybay spec section 6): the document, its layers, validation, hash and stage checks.
