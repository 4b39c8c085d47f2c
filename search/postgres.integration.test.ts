import { runSearchContract } from "./contract.ts";
import { createPostgresSearchEngine } from "./postgres.ts";

runSearchContract("postgres engine", (handle) => createPostgresSearchEngine(handle));
