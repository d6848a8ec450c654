import { Stack, Text } from "@mantine/core";

/** Plain text with blank-line separated paragraphs; never interpreted as HTML. */
export function TextoPlano({ texto }: { texto: string }) {
  const parrafos = texto
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  return (
    <Stack gap="sm">
      {parrafos.map((parrafo, indice) => (
        // Paragraphs have no identity of their own; their order is fixed for a given text.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Text key={indice} component="p" m={0} style={{ whiteSpace: "pre-line" }}>
          {parrafo}
        </Text>
      ))}
    </Stack>
  );
}
