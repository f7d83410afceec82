// TextDecoder/TextEncoder exist in Node and browsers, but this package compiles without DOM or
// Node types; typed access through globalThis keeps it pure.
type Decoder = { decode(input?: Uint8Array): string };
type Encoder = { encode(input?: string): Uint8Array };
const g = globalThis as unknown as {
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => Decoder;
  TextEncoder: new () => Encoder;
};

export const decodifica = (bytes: Uint8Array, charset: string, fatal = false): string =>
  new g.TextDecoder(charset, { fatal }).decode(bytes);

export const bytesUtf8 = (texto: string): Uint8Array => new g.TextEncoder().encode(texto);
