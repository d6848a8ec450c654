import { formatearFecha, mensajeDeError, type Periodo, type PeriodoEntrada } from "@fila/domain";
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTiposSocio } from "../socios/use-socios";
import { useAntiguedadSocio, useMutacionesAntiguedad } from "./use-antiguedad";

function Dato({ etiqueta, valor }: { etiqueta: string; valor: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text fw={600}>{valor}</Text>
    </Stack>
  );
}

/**
 * The member's seniority in their record: years as festero, as infantil and for awards, the
 * periods (the board adds and corrects them) and the awards received with their diplomas.
 */
export function AntiguedadSocio({ idSocio, editable }: { idSocio: number; editable: boolean }) {
  const { t } = useTranslation();
  const datos = useAntiguedadSocio(idSocio);
  const { borrarPeriodo } = useMutacionesAntiguedad();
  const [editando, setEditando] = useState<Periodo | "nuevo" | null>(null);
  if (datos.isLoading) return <Loader size="sm" aria-label={t("app.cargando")} />;
  if (datos.isError || !datos.data) {
    return <Alert color="red">{mensajeDeError(datos.error)}</Alert>;
  }
  const a = datos.data;
  return (
    <Stack gap="md" data-testid="antiguedad-socio">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Dato etiqueta={t("antiguedad.ficha.festero")} valor={a.festero} />
        <Dato etiqueta={t("antiguedad.ficha.infantil")} valor={a.infantil} />
        <Dato etiqueta={t("antiguedad.ficha.recompensas")} valor={a.recompensas} />
        <Dato
          etiqueta={t("antiguedad.ficha.desde")}
          valor={a.desde ? formatearFecha(a.desde) : "—"}
        />
        <Dato etiqueta={t("antiguedad.ficha.edadFestera")} valor={a.edadFestera} />
      </SimpleGrid>

      <Title order={3} size="h5">
        {t("antiguedad.ficha.periodos")}
      </Title>
      {a.periodos.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("antiguedad.ficha.sinPeriodos")}
        </Text>
      ) : (
        <Table aria-label={t("antiguedad.ficha.periodos")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("antiguedad.ficha.desdeCol")}</Table.Th>
              <Table.Th>{t("antiguedad.ficha.hastaCol")}</Table.Th>
              <Table.Th>{t("antiguedad.ficha.tipo")}</Table.Th>
              {editable ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.periodos.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatearFecha(p.desde)}</Table.Td>
                <Table.Td>
                  {p.hasta ? formatearFecha(p.hasta) : t("antiguedad.ficha.sigue")}
                </Table.Td>
                <Table.Td>
                  {p.tipo?.nombre ?? "—"}
                  {p.infantil ? " (infantil)" : ""}
                </Table.Td>
                {editable ? (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditando(p)}>
                        {t("antiguedad.ficha.editar")}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          borrarPeriodo.mutate(
                            { idSocio, id: p.id },
                            { onError: (e) => notificarError(e) },
                          )
                        }
                      >
                        {t("antiguedad.ficha.borrar")}
                      </Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable ? (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditando("nuevo")}
          >
            {t("antiguedad.ficha.anadir")}
          </Button>
        </Group>
      ) : null}

      <Title order={3} size="h5">
        {t("antiguedad.ficha.recompensasTitulo")}
      </Title>
      {a.concedidas.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("antiguedad.ficha.sinRecompensas")}
        </Text>
      ) : (
        <Stack gap={4}>
          {a.concedidas.map((c) => (
            <Group key={c.id} gap="sm">
              <Text>
                {c.nombre} ({c.anyo})
              </Text>
              {editable ? (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() =>
                    descargarDeApi(
                      `/recompensas/concesiones/${c.id}/diploma`,
                      `diploma-${c.id}.pdf`,
                    ).catch((e) => notificarError(e))
                  }
                >
                  {t("antiguedad.diploma")}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {editando !== null ? (
        <PeriodoModal
          idSocio={idSocio}
          periodo={editando === "nuevo" ? null : editando}
          cerrar={() => setEditando(null)}
        />
      ) : null}
    </Stack>
  );
}

function PeriodoModal({
  idSocio,
  periodo,
  cerrar,
}: {
  idSocio: number;
  periodo: Periodo | null;
  cerrar: () => void;
}) {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const { crearPeriodo, cambiarPeriodo } = useMutacionesAntiguedad();
  const [valores, setValores] = useState<PeriodoEntrada>({
    desde: periodo?.desde ?? "",
    hasta: periodo?.hasta ?? null,
    idTipoSocio: periodo?.tipo?.id ?? null,
  });
  const [error, setError] = useState<string | null>(null);
  const opciones = {
    onSuccess: cerrar,
    onError: (e: unknown) => setError(mensajeDeError(e)),
  };
  const guardar = () =>
    periodo
      ? cambiarPeriodo.mutate({ idSocio, id: periodo.id, periodo: valores }, opciones)
      : crearPeriodo.mutate({ idSocio, periodo: valores }, opciones);
  return (
    <Modal opened onClose={cerrar} title={t("antiguedad.ficha.periodos")}>
      <Stack gap="sm">
        {error ? (
          <Alert role="alert" color="red">
            {error}
          </Alert>
        ) : null}
        <CampoFecha
          label={t("antiguedad.ficha.desdeCol")}
          required
          value={valores.desde}
          onChange={(v) => setValores({ ...valores, desde: v })}
        />
        <CampoFecha
          label={t("antiguedad.ficha.hastaCol")}
          clearable
          value={valores.hasta ?? ""}
          onChange={(v) => setValores({ ...valores, hasta: v || null })}
        />
        <Select
          label={t("antiguedad.ficha.tipo")}
          clearable
          data={(tipos.data ?? []).map((tp) => ({ value: String(tp.id), label: tp.nombre }))}
          value={valores.idTipoSocio ? String(valores.idTipoSocio) : null}
          onChange={(v) => setValores({ ...valores, idTipoSocio: v ? Number(v) : null })}
        />
        <Group justify="flex-end">
          <Button
            disabled={valores.desde === ""}
            loading={crearPeriodo.isPending || cambiarPeriodo.isPending}
            onClick={guardar}
          >
            {t("antiguedad.guardar")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
