import { ErrorHttp, hoyIso, type Remesa, type ResumenRemesa } from "@fila/domain";
import { Alert, Button, Group, List, Modal, Stack, Table, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { ProgresoTrabajo, useTrabajo } from "../../lib/trabajos";
import { erroresDeServidor } from "../socios/errores-formulario";
import { dentroDeDias, importe } from "./formato-remesas";
import { useMutacionesRemesas } from "./use-remesas";

type Valores = { fechaCobro: string; hasta: string };

/** Excluded payers of a remittance, with the reason and what they owe. */
/** What the generation job answers: the summary, with its id and the excluded payers. */
type ResultadoGeneracion = ResumenRemesa & Pick<Remesa, "excluidos">;

export function TablaExcluidos({ remesa }: { remesa: Pick<Remesa, "excluidos"> }) {
  const { t } = useTranslation();
  if (remesa.excluidos.length === 0) return null;
  return (
    <Alert color="orange" title={t("remesas.resultado.excluidos", { n: remesa.excluidos.length })}>
      <Stack gap="xs">
        <Text size="sm">{t("remesas.resultado.excluidosAyuda")}</Text>
        <Table aria-label={t("remesas.resultado.excluidos", { n: remesa.excluidos.length })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("remesas.detalle.socio")}</Table.Th>
              <Table.Th>{t("remesas.detalle.motivo")}</Table.Th>
              <Table.Th ta="right">{t("remesas.detalle.importe")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {remesa.excluidos.map((e) => (
              <Table.Tr key={e.idSocio}>
                <Table.Td>{e.nombre}</Table.Td>
                <Table.Td>{e.motivo}</Table.Td>
                <Table.Td ta="right">{importe(e.importe)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Alert>
  );
}

/** Collection date + due-until → generates the remittance and shows who went in and who not. */
export function NuevaRemesaModal({
  abierto,
  alCerrar,
  alVer,
  alDescargar,
}: {
  abierto: boolean;
  alCerrar: () => void;
  alVer: (id: number) => void;
  alDescargar: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { generar, refrescar } = useMutacionesRemesas();
  const [resultado, setResultado] = useState<ResultadoGeneracion | null>(null);
  const [idTrabajo, setIdTrabajo] = useState<number | null>(null);
  const seguimiento = useTrabajo<ResultadoGeneracion>(idTrabajo, {
    alTerminar: (r) => {
      setResultado(r);
      void refrescar();
    },
  });
  const [error, setError] = useState<{ general: string; otros: string[] } | null>(null);
  const form = useForm<Valores>({
    initialValues: { fechaCobro: dentroDeDias(5), hasta: hoyIso() },
    validate: {
      fechaCobro: (v) => (v ? null : t("remesas.formulario.obligatoria")),
      hasta: (v) => (v ? null : t("remesas.formulario.obligatoria")),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new opening resets the modal
  useEffect(() => {
    if (!abierto) return;
    setResultado(null);
    setIdTrabajo(null);
    setError(null);
    form.setValues({ fechaCobro: dentroDeDias(5), hasta: hoyIso() });
    form.clearErrors();
  }, [abierto]);

  async function enviar(valores: Valores) {
    setError(null);
    try {
      setIdTrabajo((await generar.mutateAsync(valores)).idTrabajo);
    } catch (e) {
      const errores = erroresDeServidor(e, ["fechaCobro", "hasta"]);
      form.setErrors(errores.campos);
      const conflicto = e instanceof ErrorHttp && e.status === 409;
      setError({ general: errores.general, otros: conflicto ? errores.otros : [] });
    }
  }

  return (
    <Modal opened={abierto} onClose={alCerrar} title={t("remesas.formulario.titulo")} size="lg">
      {resultado ? (
        <Stack>
          <Alert color="green" role="status">
            {t("remesas.resultado.generada", {
              id: resultado.id,
              adeudos: resultado.numAdeudos,
              total: importe(resultado.total),
            })}
          </Alert>
          <TablaExcluidos remesa={resultado} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => alVer(resultado.id)}>
              {t("remesas.acciones.ver", { id: resultado.id })}
            </Button>
            <Button onClick={() => alDescargar(resultado.id)}>
              {t("remesas.acciones.descargar")}
            </Button>
          </Group>
        </Stack>
      ) : idTrabajo !== null ? (
        <Stack>
          <ProgresoTrabajo
            trabajo={seguimiento.trabajo}
            errorConsulta={seguimiento.errorConsulta}
          />
          {seguimiento.trabajo?.estado === "fallido" ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIdTrabajo(null)}>
                {t("remesas.formulario.otraVez")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(enviar)} noValidate>
          <Stack>
            {error ? (
              <Alert role="alert" color="red" title={t("remesas.formulario.error")}>
                <Text size="sm">{error.general}</Text>
                {error.otros.length > 0 ? (
                  <List size="sm" mt="xs">
                    {error.otros.map((m) => (
                      <List.Item key={m}>{m}</List.Item>
                    ))}
                  </List>
                ) : null}
              </Alert>
            ) : null}
            <CampoFecha
              required
              label={t("remesas.formulario.fechaCobro")}
              description={t("remesas.formulario.ayudaFechaCobro")}
              key={form.key("fechaCobro")}
              {...form.getInputProps("fechaCobro")}
            />
            <CampoFecha
              required
              label={t("remesas.formulario.hasta")}
              key={form.key("hasta")}
              {...form.getInputProps("hasta")}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={generar.isPending}>
                {t("remesas.formulario.generar")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
