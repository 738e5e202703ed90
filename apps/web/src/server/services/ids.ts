import { customAlphabet, nanoid } from "nanoid";

/** Run ids are share links: 22 url-safe characters = 132 random bits. */
export const newRunId = () => nanoid(22);

/** Project API tokens: a recognisable prefix and 256 random bits; only their hash is stored. */
const tokenBody = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 43);
export const newApiToken = () => `wb_${tokenBody()}`;

export const newId = () => nanoid(16);
