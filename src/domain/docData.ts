// The shape of stored data, shared by the entity types here and the backend port above.

/** A stored value: JSON plus epoch-millisecond numbers for timestamps. */
export type DocValue = null | boolean | number | string | DocValue[] | { [key: string]: DocValue };
export type DocData = { [key: string]: DocValue };
