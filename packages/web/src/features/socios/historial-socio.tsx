import { formatearFechaHora, mensajeDeError } from "@fila/domain";
import { Alert, Card, Group, List, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import type { EntradaHistorial } from "./tipos";
import { useHistorial } from "./use-socios";

function quien(usuario: EntradaHistorial["usuario"]): string {
  if (usuario === null || usuario === undefined) return "";
  if (typeof usuario === "string") return usuario;
  return usuario.nombre || usuario.email || "";
}

function valor(v: unknown, vacio: string): string {
  if (v === null || v === undefined || v === "") return vacio;
  if (typeof v === "boolean") return v ? "sí" : "no";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function fecha(instante: string): string {
  try {
    return formatearFechaHora(instante);
  } catch {
    return instante;
  }
}

/** Who changed what and when (the audit of the member's record), newest first. */
export function HistorialSocio({ idSocio }: { idSocio: number }) {
  const { t } = useTranslation();
  const historial = useHistorial(idSocio, true);

  if (historial.isLoading) return <Loader size="sm" aria-label={t("app.cargando")} />;
  if (historial.isError)
    return (
      <Alert role="alert" color="red">
        {mensajeDeError(historial.error)}
      </Alert>
    );
  const entradas = historial.data ?? [];
  if (entradas.length === 0) return <Text c="dimmed">{t("socios.historial.vacio")}</Text>;

  const vacio = t("socios.historial.vacioValor");
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
      {entradas.map((entrada) => (
        <Card key={entrada.id} component="li" withBorder padding="sm" radius="md">
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={600}>
              {t(`socios.historial.acciones.${entrada.accion}`, { defaultValue: entrada.accion })}
            </Text>
            <Text size="sm" c="dimmed">
              {fecha(entrada.fecha)}
              {quien(entrada.usuario) ? ` · ${quien(entrada.usuario)}` : ""}
            </Text>
          </Group>
          {entrada.cambios.length > 0 ? (
            <List size="sm" mt={4} spacing={2}>
              {entrada.cambios.map((cambio) => (
                <List.Item key={cambio.campo}>
                  {t("socios.historial.cambio", {
                    campo: t(`socios.campos.${cambio.campo}`, { defaultValue: cambio.campo }),
                    antes: valor(cambio.antes, vacio),
                    despues: valor(cambio.despues, vacio),
                  })}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
