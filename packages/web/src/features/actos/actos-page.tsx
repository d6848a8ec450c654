import "mantine-datatable/styles.css";
import { type Acto, type DevolucionActo, estaEscrito, mensajeDeError } from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Stack,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconBan,
  IconCopy,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { useSesion } from "../../app/session-store";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";
import { MaestroBadge } from "../maestros/maestro-badge";
import { ActoFormModal } from "./acto-form-modal";
import { CabeceraActos } from "./cabecera-actos";
import { euros, fechaConHora } from "./formato-actos";
import { RankingPuntos } from "./ranking-puntos";
import { type Cuando, useListaActos, useMutacionesActos, useTiposActo } from "./use-actos";

const TAMANYOS_PAGINA = [25, 50, 100, 200];

/** Administrador: upcoming and past events, their form, copy/cancel/delete, and the ranking. */
export function ActosPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [pestanya, setPestanya] = useState<string | null>("proximos");
  const [formAbierto, setFormAbierto] = useState(false);
  const [editando, setEditando] = useState<Acto | null>(null);

  if (usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;

  function abrir(acto: Acto | null) {
    setEditando(acto);
    setFormAbierto(true);
  }

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <CabeceraActos titulo={t("actos.titulo")} intro={t("actos.intro")}>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => abrir(null)}>
          {t("actos.nuevo")}
        </Button>
      </CabeceraActos>

      <Tabs value={pestanya} onChange={setPestanya} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="proximos">{t("actos.pestanyas.proximos")}</Tabs.Tab>
          <Tabs.Tab value="pasados">{t("actos.pestanyas.pasados")}</Tabs.Tab>
          <Tabs.Tab value="ranking">{t("actos.pestanyas.ranking")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="proximos" pt="md">
          <TablaActos cuando="proximos" alEditar={abrir} />
        </Tabs.Panel>
        <Tabs.Panel value="pasados" pt="md">
          <TablaActos cuando="pasados" alEditar={abrir} />
        </Tabs.Panel>
        <Tabs.Panel value="ranking" pt="md">
          <RankingPuntos />
        </Tabs.Panel>
      </Tabs>

      <ActoFormModal
        abierto={formAbierto}
        acto={editando}
        alCerrar={() => setFormAbierto(false)}
        alGuardar={(acto) =>
          notifications.show({
            color: "green",
            message: t(editando ? "actos.avisos.guardado" : "actos.avisos.creado", {
              nombre: acto.nombre,
            }),
          })
        }
      />
    </Stack>
  );
}

export type Accion = { tipo: "copiar" | "cancelar" | "borrar"; acto: Acto };

function TablaActos({ cuando, alEditar }: { cuando: Cuando; alEditar: (acto: Acto) => void }) {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const lista = useListaActos({ cuando, q, page, pageSize });
  const tipos = useTiposActo();
  const [accion, setAccion] = useState<Accion | null>(null);
  const tipoDe = new Map((tipos.data ?? []).map((tipo) => [tipo.id, tipo]));

  const columnas: DataTableColumn<Acto>[] = [
    {
      accessor: "fecha",
      title: t("actos.campos.fecha"),
      width: 170,
      render: (a) => <Text size="sm">{fechaConHora(a.fecha, a.hora)}</Text>,
    },
    {
      accessor: "nombre",
      title: t("actos.campos.nombre"),
      render: (a) => (
        <Group gap="xs">
          <Text size="sm" fw={500} td={a.cancelado ? "line-through" : undefined}>
            {a.nombre}
          </Text>
          {a.cancelado ? (
            <Badge color="red" variant="light" size="sm">
              {t("actos.cancelado")}
            </Badge>
          ) : null}
          {/* The languages of its description (issue 38), when it has one. */}
          {estaEscrito(a.descripcion) || estaEscrito(a.descripcionVa) ? (
            <IdiomasDelTexto es={a.descripcion} va={a.descripcionVa} />
          ) : null}
        </Group>
      ),
    },
    {
      accessor: "idTipoActo",
      title: t("actos.campos.tipo"),
      render: (a) => {
        const tipo = a.idTipoActo ? tipoDe.get(a.idTipoActo) : undefined;
        return tipo ? <MaestroBadge nombre={tipo.nombre} color={tipo.color} /> : null;
      },
    },
    {
      accessor: "numInscritos",
      title: t("actos.campos.inscritos"),
      textAlign: "right",
      width: 120,
      render: (a) =>
        a.aforo === null
          ? String(a.numInscritos)
          : t("actos.inscritosDeAforo", { inscritos: a.numInscritos, aforo: a.aforo }),
    },
    {
      accessor: "sePaga",
      title: t("actos.campos.sePagaCorto"),
      width: 90,
      render: (a) => <SiNo valor={a.sePaga} />,
    },
    {
      accessor: "esInterno",
      title: t("actos.campos.esInternoCorto"),
      width: 90,
      render: (a) => <SiNo valor={a.esInterno} />,
    },
    {
      accessor: "acciones",
      title: t("actos.campos.acciones"),
      textAlign: "right",
      width: 210,
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t("actos.acciones.listado", { nombre: a.nombre })}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={`/listado-inscritos?acto=${a.id}`}
              aria-label={t("actos.acciones.listado", { nombre: a.nombre })}
            >
              <IconListDetails size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <AccionIcono
            etiqueta={t("actos.acciones.editar", { nombre: a.nombre })}
            onClick={() => alEditar(a)}
          >
            <IconPencil size={18} aria-hidden />
          </AccionIcono>
          <AccionIcono
            etiqueta={t("actos.acciones.copiar", { nombre: a.nombre })}
            onClick={() => setAccion({ tipo: "copiar", acto: a })}
          >
            <IconCopy size={18} aria-hidden />
          </AccionIcono>
          {a.cancelado ? null : (
            <AccionIcono
              etiqueta={t("actos.acciones.cancelar", { nombre: a.nombre })}
              color="orange"
              onClick={() => setAccion({ tipo: "cancelar", acto: a })}
            >
              <IconBan size={18} aria-hidden />
            </AccionIcono>
          )}
          <AccionIcono
            etiqueta={t("actos.acciones.borrar", { nombre: a.nombre })}
            color="red"
            onClick={() => setAccion({ tipo: "borrar", acto: a })}
          >
            <IconTrash size={18} aria-hidden />
          </AccionIcono>
        </Group>
      ),
    },
  ];

  const datos = lista.data;
  return (
    <Stack>
      <TextInput
        type="search"
        label={t("actos.buscar")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={texto}
        onChange={(e) => {
          setTexto(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {lista.isError ? (
        <Alert role="alert" color="red" title={t("actos.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<Acto>
        aria-label={t(`actos.pestanyas.${cuando}`)}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        striped
        minHeight={datos && datos.items.length > 0 ? undefined : 180}
        records={datos?.items ?? []}
        columns={columnas}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("actos.sinActos")}
        page={page}
        onPageChange={setPage}
        totalRecords={datos?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={TAMANYOS_PAGINA}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
      <ConfirmarAccion
        key={accion ? `${accion.tipo}-${accion.acto.id}` : "ninguna"}
        accion={accion}
        alCerrar={() => setAccion(null)}
      />
    </Stack>
  );
}

function SiNo({ valor }: { valor: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={valor ? "blue" : "gray"}>
      {valor ? t("actos.si") : t("actos.no")}
    </Badge>
  );
}

function AccionIcono({
  etiqueta,
  children,
  ...props
}: {
  etiqueta: string;
  children: React.ReactNode;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={etiqueta}>
      <ActionIcon variant="subtle" aria-label={etiqueta} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The confirmation of copy (with the new date), cancel and delete. */
export function ConfirmarAccion({
  accion,
  alCerrar,
}: {
  accion: Accion | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { copiar, cancelar, borrar } = useMutacionesActos();
  const [fecha, setFecha] = useState(accion?.acto.fecha ?? "");
  const [error, setError] = useState<string | null>(null);
  // After cancelling: the members whose money the board still holds, to refund.
  const [devoluciones, setDevoluciones] = useState<DevolucionActo[] | null>(null);

  if (!accion) return null;
  const { tipo, acto } = accion;
  const enCurso = copiar.isPending || cancelar.isPending || borrar.isPending;

  async function confirmar() {
    setError(null);
    try {
      let porDevolver: DevolucionActo[] = [];
      if (tipo === "copiar") await copiar.mutateAsync({ id: acto.id, fecha: fecha || undefined });
      else if (tipo === "cancelar")
        porDevolver = (await cancelar.mutateAsync(acto.id)).devoluciones;
      else await borrar.mutateAsync(acto.id);
      notifications.show({
        color: "green",
        message: t(`actos.avisos.${tipo}`, { nombre: acto.nombre }),
      });
      if (porDevolver.length > 0) setDevoluciones(porDevolver);
      else alCerrar();
    } catch (e) {
      // Deleting an event with enrolments answers 409 with the reason: shown here.
      setError(mensajeDeError(e));
    }
  }

  if (devoluciones) {
    return (
      <Modal opened onClose={alCerrar} title={t("actos.cancelar.devoluciones.titulo")} centered>
        <Stack>
          <Text>{t("actos.cancelar.devoluciones.texto", { nombre: acto.nombre })}</Text>
          <List>
            {devoluciones.map((d) => (
              <List.Item key={d.idInscripcion}>
                {`${d.nombre} ${d.apellidos}`.trim()}:{" "}
                {[
                  d.pagado > 0
                    ? t("actos.cancelar.devoluciones.pagado", { importe: euros(d.pagado) })
                    : null,
                  d.enRemesa > 0
                    ? t("actos.cancelar.devoluciones.enRemesa", { importe: euros(d.enRemesa) })
                    : null,
                ]
                  .filter(Boolean)
                  .join("; ")}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={alCerrar}>{t("actos.cancelar.devoluciones.cerrar")}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={alCerrar} title={t(`actos.${tipo}.titulo`)} centered>
      <Stack>
        <Text>{t(`actos.${tipo}.texto`, { nombre: acto.nombre })}</Text>
        {tipo === "copiar" ? (
          <CampoFecha label={t("actos.copiar.fecha")} value={fecha} onChange={setFecha} />
        ) : null}
        {error ? (
          <Alert role="alert" color="red">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("actos.volver")}
          </Button>
          <Button
            color={tipo === "copiar" ? undefined : "red"}
            loading={enCurso}
            onClick={() => void confirmar()}
          >
            {t(`actos.${tipo}.confirmar`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
