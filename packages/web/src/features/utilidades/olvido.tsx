import "mantine-datatable/styles.css";
import { type ElegibleOlvido, formatearFecha, mensajeDeError } from "@fila/domain";
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUserOff } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { useElegiblesOlvido, useMutacionesOlvido } from "./use-registros";

/** Right to be forgotten: leavers of more than N years, anonymised after a confirmation. */
export function OlvidoPanel() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const lista = useElegiblesOlvido(page, pageSize);
  const { configurar, anonimizar } = useMutacionesOlvido();
  const [anyos, setAnyos] = useState<number | string>("");
  const [seleccion, setSeleccion] = useState<ElegibleOlvido[]>([]);
  const [aAnonimizar, setAAnonimizar] = useState<ElegibleOlvido[]>([]);
  const [entendido, setEntendido] = useState(false);
  const anyosGuardados = lista.data?.anyos;

  useEffect(() => {
    if (anyosGuardados !== undefined) setAnyos(anyosGuardados);
  }, [anyosGuardados]);

  async function guardarAnyos() {
    try {
      await configurar.mutateAsync(Number(anyos));
      setSeleccion([]);
      notifications.show({ color: "green", message: t("olvido.anyosGuardados") });
    } catch (e) {
      notificarError(e, t("olvido.errorAnyos"));
    }
  }

  function pedirConfirmacion(socios: ElegibleOlvido[]) {
    setEntendido(false);
    setAAnonimizar(socios);
  }

  async function confirmar() {
    try {
      const r = await anonimizar.mutateAsync(aAnonimizar.map((s) => s.id));
      notifications.show({ color: "green", message: t("olvido.hecho", { n: r.anonimizados }) });
      setSeleccion([]);
      setAAnonimizar([]);
    } catch (e) {
      notificarError(e, t("olvido.error"));
    }
  }

  const anyosValidos = Number.isInteger(Number(anyos)) && Number(anyos) >= 1 && Number(anyos) <= 50;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t("olvido.intro")}
      </Text>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t("olvido.anyos")}
          description={t("olvido.anyosAyuda")}
          value={anyos}
          onChange={setAnyos}
          min={1}
          max={50}
          allowDecimal={false}
          w={260}
        />
        <Button
          variant="default"
          onClick={() => void guardarAnyos()}
          loading={configurar.isPending}
          disabled={!anyosValidos || Number(anyos) === anyosGuardados}
        >
          {t("olvido.guardarAnyos")}
        </Button>
      </Group>
      {lista.data ? (
        <Text size="sm">
          {t("olvido.resumen", {
            n: lista.data.total,
            fecha: formatearFecha(lista.data.bajaHasta),
          })}
        </Text>
      ) : null}
      {lista.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <Group>
        <Button
          color="red"
          leftSection={<IconUserOff size={18} aria-hidden />}
          disabled={seleccion.length === 0}
          onClick={() => pedirConfirmacion(seleccion)}
        >
          {t("olvido.anonimizarSeleccion", { n: seleccion.length })}
        </Button>
      </Group>
      <DataTable<ElegibleOlvido>
        aria-label={t("olvido.titulo")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={lista.data && lista.data.items.length > 0 ? undefined : 160}
        records={lista.data?.items ?? []}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("olvido.vacio")}
        selectedRecords={seleccion}
        onSelectedRecordsChange={setSeleccion}
        allRecordsSelectionCheckboxProps={{ "aria-label": t("olvido.seleccionarTodos") }}
        getRecordSelectionCheckboxProps={(s) => ({
          "aria-label": t("olvido.seleccionar", { nombre: s.nombre }),
        })}
        page={page}
        onPageChange={(p) => {
          setPage(p);
          setSeleccion([]);
        }}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[25, 50, 100]}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
          setSeleccion([]);
        }}
        columns={[
          {
            accessor: "matricula",
            title: t("olvido.col.matricula"),
            render: (s) => s.matricula ?? "—",
          },
          { accessor: "nombre", title: t("olvido.col.nombre") },
          {
            accessor: "fechaBaja",
            title: t("olvido.col.baja"),
            render: (s) => formatearFecha(s.fechaBaja),
          },
          {
            accessor: "acciones",
            title: t("olvido.col.acciones"),
            textAlign: "right",
            render: (s) => (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={t("olvido.anonimizarA", { nombre: s.nombre })}
                onClick={() => pedirConfirmacion([s])}
              >
                {t("olvido.anonimizar")}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        opened={aAnonimizar.length > 0}
        onClose={() => setAAnonimizar([])}
        title={t("olvido.confirmarTitulo", { n: aAnonimizar.length })}
        centered
      >
        <Stack>
          <Alert color="red">{t("olvido.confirmarTexto")}</Alert>
          <Text size="sm">{aAnonimizar.map((s) => s.nombre).join(", ")}</Text>
          <Checkbox
            label={t("olvido.entendido")}
            checked={entendido}
            onChange={(e) => setEntendido(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAAnonimizar([])}>
              {t("olvido.cancelar")}
            </Button>
            <Button
              color="red"
              disabled={!entendido}
              loading={anonimizar.isPending}
              onClick={() => void confirmar()}
            >
              {t("olvido.confirmar", { n: aAnonimizar.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
