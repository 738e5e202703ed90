import { ensurePrismaClient } from "./lib.mjs";

ensurePrismaClient();
