import { formatearFecha, mensajeDeError } from "@fila/domain";
import { Alert, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useIdioma, useTranslation } from "../../lib/i18n";
import { useEstructuraSocio } from "./use-estructura";

/** The member's record: escuadras year by year, other groups and cargos (issue 49). */
export function EstructuraSocio({ idSocio }: { idSocio: number }) {
  const { t } = useTranslation();
  const idioma = useIdioma();
  const datos = useEstructuraSocio(idSocio);
  if (datos.isLoading) return <Loader size="sm" aria-label={t("app.cargando")} />;
  if (datos.isError)
    return (
      <Alert role="alert" color="red">
        {mensajeDeError(datos.error)}
      </Alert>
    );
  const d = datos.data;
  if (!d) return null;
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t("estructura.escuadras")}
      </Title>
      {d.escuadras.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("estructura.ninguno")}
        </Text>
      ) : (
        <Table aria-label={t("estructura.escuadras")}>
          <Table.Tbody>
            {d.escuadras.map((e) => (
              <Table.Tr key={e.idGrupo}>
                <Table.Td w={80}>{e.anyo}</Table.Td>
                <Table.Td>
                  {e.nombre}
                  {e.esCabo ? ` · ${t("estructura.cabo")}` : ""}
                  {e.rol ? ` · ${e.rol}` : ""}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} fz="md">
        {t("estructura.cargos")}
      </Title>
      {d.cargos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("estructura.ninguno")}
        </Text>
      ) : (
        <Table aria-label={t("estructura.cargos")}>
          <Table.Tbody>
            {d.cargos.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {idioma === "va" && c.cargoVa ? c.cargoVa : c.cargo}
                  {c.escuadra ? ` · ${c.escuadra}` : ""}
                </Table.Td>
                <Table.Td>
                  {formatearFecha(c.desde)} – {c.hasta ? formatearFecha(c.hasta) : "…"}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {d.grupos.length > 0 ? (
        <>
          <Title order={3} fz="md">
            {t("estructura.grupos")}
          </Title>
          <Table aria-label={t("estructura.grupos")}>
            <Table.Tbody>
              {d.grupos.map((g) => (
                <Table.Tr key={g.idGrupo}>
                  <Table.Td>
                    {g.nombre}
                    {g.anyo ? ` (${g.anyo})` : ""}
                  </Table.Td>
                  <Table.Td>
                    {[g.rol, g.esResponsable ? t("estructura.responsable") : ""]
                      .filter(Boolean)
                      .join(" · ")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
