/** The seed's public surface: demo data, bulk orders for benchmarks, toggles and the seeded files. */
export { buildDemoRows, GENERATED_ORDERS, SEED_CLOCK, seedDemo, type SeedDemoOptions } from './demo'
export { SEED_DOCUMENTS, SEED_FILES, SEED_PHOTOS, type SeedFile } from './files'
export { NAMED_ORDERS_NOW } from './named-orders'
export { SO_1001 } from './named-so1001'
export { DEMO_PASSWORD, ORGS, USERS } from './orgs'
export { SCALE_PREFIX, seedScale, type SeedScaleOptions, type SeedScaleResult } from './scale'
export { TOGGLE_NAMES, TOGGLES, type ToggleSeed } from './toggles'
