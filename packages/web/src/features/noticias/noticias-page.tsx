import { formatearFecha, type Noticia } from "@fila/domain";
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconBell,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { lazy, Suspense, useState } from "react";
import { Navigate } from "react-router";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { CampoBusqueda, useListado } from "../../lib/listado";
import { notificarError } from "../../lib/notificar";
import { TablaListado } from "../../lib/tabla-listado";
import { EstadoNoticia } from "./estado-noticia";
import { useListaNoticias, useMutacionesNoticias } from "./use-noticias";

// The editor (tiptap and its toolbar, about 130 KB gzip) loads the first time an administrator
// writes or edits a news item, not with the list.
const EditorNoticia = lazy(() =>
  import("./editor-noticia").then((m) => ({ default: m.EditorNoticia })),
);

const ESTADOS = ["todas", "1", "0"] as const;
type Estado = (typeof ESTADOS)[number];

/** Administrador: every news item (drafts too), to write, publish, notify and delete. */
export function NoticiasPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const listado = useListado({
    tamanyos: [10, 25, 50, 100],
    porPagina: 25,
    filtros: { estado: "todas" as Estado },
    validar: { estado: (v) => (ESTADOS as readonly string[]).includes(v) },
  });
  const estado = listado.filtros.estado;
  const lista = useListaNoticias({
    q: listado.q,
    page: listado.page,
    pageSize: listado.pageSize,
    sort: "-fecha",
    publicada: estado === "todas" ? undefined : estado,
  });
  const { publicar, borrar, notificar } = useMutacionesNoticias();
  const [editando, setEditando] = useState<Noticia | null>(null);
  const [editorAbierto, setEditorAbierto] = useState(false);
  const [editorUsado, setEditorUsado] = useState(false);
  const [aBorrar, setABorrar] = useState<Noticia | null>(null);

  if (usuario.rol !== "administrador") return <Navigate to="/vernoticias" replace />;

  function abrir(noticia: Noticia | null) {
    setEditando(noticia);
    setEditorAbierto(true);
    setEditorUsado(true);
  }

  async function alternarPublicacion(n: Noticia) {
    try {
      await publicar.mutateAsync({ id: n.id, publicada: !n.publicada });
      notifications.show({
        color: "green",
        message: t(n.publicada ? "noticias.avisos.retirada" : "noticias.avisos.publicada", {
          titulo: n.titulo,
        }),
      });
    } catch (e) {
      notificarError(e, t("noticias.errorGuardar"));
    }
  }

  async function avisar(n: Noticia) {
    try {
      await notificar.mutateAsync(n);
      notifications.show({ color: "green", message: t("noticias.avisos.notificada") });
    } catch (e) {
      notificarError(e, t("noticias.errorNotificar"));
    }
  }

  async function confirmarBorrado() {
    if (!aBorrar) return;
    const n = aBorrar;
    try {
      await borrar.mutateAsync(n.id);
      notifications.show({
        color: "green",
        message: t("noticias.avisos.borrada", { titulo: n.titulo }),
      });
    } catch (e) {
      notificarError(e, t("noticias.errorBorrar"));
    } finally {
      setABorrar(null);
    }
  }

  const columnas: DataTableColumn<Noticia>[] = [
    {
      accessor: "titulo",
      title: t("noticias.campos.titulo"),
      render: (n) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {n.titulo}
          </Text>
          {n.resumen ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {n.resumen}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: "fecha",
      title: t("noticias.campos.fecha"),
      width: 120,
      render: (n) => formatearFecha(n.fecha),
    },
    {
      accessor: "estado",
      title: t("noticias.campos.estado"),
      width: 240,
      render: (n) => <EstadoNoticia noticia={n} />,
    },
    {
      accessor: "acciones",
      title: t("noticias.campos.acciones"),
      textAlign: "right",
      width: 190,
      render: (n) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t("noticias.acciones.editar")}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t("noticias.acciones.editar")}: ${n.titulo}`}
              onClick={() => abrir(n)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip
            label={t(n.publicada ? "noticias.acciones.retirar" : "noticias.acciones.publicar")}
          >
            <ActionIcon
              variant="subtle"
              color={n.publicada ? "gray" : "green"}
              aria-label={`${t(n.publicada ? "noticias.acciones.retirar" : "noticias.acciones.publicar")}: ${n.titulo}`}
              onClick={() => alternarPublicacion(n)}
            >
              {n.publicada ? (
                <IconEyeOff size={18} aria-hidden />
              ) : (
                <IconEye size={18} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
          {n.publicada ? (
            <Tooltip label={t("noticias.acciones.notificar")}>
              <ActionIcon
                variant="subtle"
                aria-label={`${t("noticias.acciones.notificar")}: ${n.titulo}`}
                onClick={() => avisar(n)}
                loading={notificar.isPending && notificar.variables?.id === n.id}
              >
                <IconBell size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label={t("noticias.acciones.borrar")}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t("noticias.acciones.borrar")}: ${n.titulo}`}
              onClick={() => setABorrar(n)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1}>{t("noticias.titulo")}</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => abrir(null)}>
          {t("noticias.nueva")}
        </Button>
      </Group>
      <Group>
        <CampoBusqueda
          busqueda={listado.busqueda}
          aria-label={t("noticias.buscar")}
          placeholder={t("noticias.buscar")}
        />
        <SegmentedControl
          aria-label={t("noticias.campos.estado")}
          value={estado}
          onChange={(v) => listado.cambiar({ estado: v as Estado })}
          data={[
            { value: "todas", label: t("noticias.filtros.todas") },
            { value: "1", label: t("noticias.filtros.publicadas") },
            { value: "0", label: t("noticias.filtros.borradores") },
          ]}
        />
      </Group>
      <TablaListado<Noticia>
        lista={lista}
        listado={listado}
        titulo={t("noticias.titulo")}
        vacio={t("noticias.vacio")}
        striped={false}
        highlightOnHover
        columns={columnas}
      />
      {editorUsado ? (
        <Suspense
          fallback={
            <Modal
              opened={editorAbierto}
              onClose={() => setEditorAbierto(false)}
              title={t("app.cargando")}
            >
              <Center py="xl">
                <Loader aria-label={t("app.cargando")} />
              </Center>
            </Modal>
          }
        >
          <EditorNoticia
            abierto={editorAbierto}
            noticia={editando}
            alCerrar={() => setEditorAbierto(false)}
          />
        </Suspense>
      ) : null}
      <Modal
        opened={aBorrar !== null}
        onClose={() => setABorrar(null)}
        title={t("noticias.borrar.titulo")}
      >
        <Stack>
          <Text>{t("noticias.borrar.texto", { titulo: aBorrar?.titulo ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setABorrar(null)}>
              {t("comun.cancelar")}
            </Button>
            <Button color="red" onClick={confirmarBorrado} loading={borrar.isPending}>
              {t("noticias.borrar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
