// The whole drizzle schema: one import for the client, the migrator and drizzle-kit.
export * from "./businesses.ts";
export * from "./aggregates.ts";
export * from "./admin.ts";
export * from "./site.ts";
export * from "./imports.ts";
export * from "./page-anchors.ts";
export * from "./search-walk.ts";
export * from "./merges.ts";
export * from "./city-redirects.ts";
export * from "./trash.ts";
export * from "./suggestions.ts";
export * from "./name-words.ts";
export * from "./hosts.ts";
