import { Alert, List } from "@mantine/core";
import { textosDeError } from "./loteria-logica";

/** An API error in a form: its sentence and, under it, each field's reason. */
export function AvisoError({ error, titulo }: { error: unknown; titulo: string }) {
  if (error === null || error === undefined) return null;
  const { mensaje, detalles } = textosDeError(error);
  return (
    <Alert role="alert" color="red" title={titulo}>
      {mensaje}
      {detalles.length > 0 ? (
        <List size="sm" mt={4}>
          {detalles.map((d) => (
            <List.Item key={d}>{d}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
