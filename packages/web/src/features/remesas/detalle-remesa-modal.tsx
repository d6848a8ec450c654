import { formatearFecha, formatearFechaHora, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { ProgresoTrabajo, useTrabajo } from "../../lib/trabajos";
import { DevolucionesModal } from "./devoluciones-modal";
import { COLOR_ESTADO, importe } from "./formato-remesas";
import { TablaExcluidos } from "./nueva-remesa-modal";
import { useMutacionesRemesas, useRemesa } from "./use-remesas";

function Dato({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" fw={500}>
        {valor}
      </Text>
    </Stack>
  );
}

/** One remittance: its debits, who was left out, and what can be done with it. */
export function DetalleRemesaModal({
  id,
  alCerrar,
  alDescargar,
  alBorrar,
}: {
  id: number | null;
  alCerrar: () => void;
  alDescargar: (id: number) => void;
  alBorrar: (id: number) => void;
}) {
  const { t } = useTranslation();
  const consulta = useRemesa(id);
  const { cobrar, refrescar } = useMutacionesRemesas();
  const [idCobro, setIdCobro] = useState<number | null>(null);
  const cobro = useTrabajo(idCobro, {
    alTerminar: () => {
      notifications.show({ color: "green", message: t("remesas.cobro.hecho") });
      setConfirmandoCobro(false);
      setIdCobro(null);
      void refrescar();
    },
  });
  const [confirmandoCobro, setConfirmandoCobro] = useState(false);
  const [devolviendo, setDevolviendo] = useState(false);
  const remesa = consulta.data;

  async function marcarCobrada() {
    if (!remesa) return;
    try {
      // A background job: the confirmation shows its progress, and its failure in Spanish.
      setIdCobro((await cobrar.mutateAsync(remesa.id)).idTrabajo);
    } catch (e) {
      notificarError(e, t("remesas.cobro.error"));
      setConfirmandoCobro(false);
    }
  }

  const hayDevoluciones = remesa?.adeudos.some((a) => a.estado === "devuelto") ?? false;

  return (
    <Modal
      opened={id !== null}
      onClose={alCerrar}
      title={t("remesas.detalle.titulo", { id: id ?? "" })}
      size="80rem"
    >
      {consulta.isPending ? <Loader aria-label={t("app.cargando")} /> : null}
      {consulta.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(consulta.error)}
        </Alert>
      ) : null}
      {remesa ? (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <Dato
              etiqueta={t("remesas.columnas.fechaCobro")}
              valor={formatearFecha(remesa.fechaCobro)}
            />
            <Dato etiqueta={t("remesas.columnas.hasta")} valor={formatearFecha(remesa.hasta)} />
            <Dato etiqueta={t("remesas.columnas.adeudos")} valor={String(remesa.numAdeudos)} />
            <Dato etiqueta={t("remesas.columnas.total")} valor={importe(remesa.total)} />
            <Dato
              etiqueta={t("remesas.columnas.estado")}
              valor={t(`remesas.estados.${remesa.estado}`)}
            />
            <Dato
              etiqueta={t("remesas.detalle.creada")}
              valor={formatearFechaHora(remesa.creadaEn)}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t("remesas.detalle.mensajeId")}: {remesa.mensajeId}
          </Text>
          <Group>
            <Button variant="light" onClick={() => alDescargar(remesa.id)}>
              {t("remesas.acciones.descargar")}
            </Button>
            {remesa.estado === "generada" ? (
              <Button color="green" onClick={() => setConfirmandoCobro(true)}>
                {t("remesas.acciones.cobrar")}
              </Button>
            ) : null}
            <Button color="orange" variant="light" onClick={() => setDevolviendo(true)}>
              {t("remesas.acciones.devoluciones")}
            </Button>
            {remesa.estado === "generada" && !hayDevoluciones ? (
              <Button color="red" variant="subtle" onClick={() => alBorrar(remesa.id)}>
                {t("remesas.acciones.borrar", { id: remesa.id })}
              </Button>
            ) : null}
          </Group>
          <TablaExcluidos remesa={remesa} />
          <ScrollArea.Autosize mah={480}>
            <Table striped aria-label={t("remesas.columnas.adeudos")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("remesas.detalle.pagador")}</Table.Th>
                  <Table.Th>{t("remesas.detalle.referencia")}</Table.Th>
                  <Table.Th>{t("remesas.detalle.secuencia")}</Table.Th>
                  <Table.Th ta="right">{t("remesas.detalle.importe")}</Table.Th>
                  <Table.Th>{t("remesas.detalle.estado")}</Table.Th>
                  <Table.Th>{t("remesas.detalle.motivo")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {remesa.adeudos.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      {a.pagador.nombre} {a.pagador.apellidos}
                    </Table.Td>
                    <Table.Td ff="monospace">{a.endToEndId}</Table.Td>
                    <Table.Td>{a.secuencia}</Table.Td>
                    <Table.Td ta="right">{importe(a.importe)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={COLOR_ESTADO[a.estado]}>
                        {t(`remesas.estadosAdeudo.${a.estado}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{a.motivoDevolucion}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Modal
            opened={confirmandoCobro}
            onClose={() => {
              setConfirmandoCobro(false);
              setIdCobro(null);
            }}
            title={t("remesas.cobro.titulo")}
            centered
          >
            <Stack>
              <Text>{t("remesas.cobro.texto", { fecha: formatearFecha(remesa.fechaCobro) })}</Text>
              {idCobro !== null ? (
                <ProgresoTrabajo trabajo={cobro.trabajo} errorConsulta={cobro.errorConsulta} />
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirmandoCobro(false)}>
                  {t("remesas.acciones.cerrar")}
                </Button>
                <Button
                  color="green"
                  loading={cobrar.isPending || cobro.enCurso}
                  disabled={cobro.trabajo?.estado === "fallido"}
                  onClick={() => void marcarCobrada()}
                >
                  {t("remesas.cobro.confirmar")}
                </Button>
              </Group>
            </Stack>
          </Modal>
          <DevolucionesModal
            remesa={remesa}
            abierto={devolviendo}
            alCerrar={() => setDevolviendo(false)}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
