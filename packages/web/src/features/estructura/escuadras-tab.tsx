import { type Grupo, mensajeDeError } from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconGripVertical,
  IconPlus,
  IconPrinter,
  IconTrash,
} from "@tabler/icons-react";
import { type DragEvent, type FormEvent, useMemo, useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { nombreCompleto, type SocioResumen } from "../socios/tipos";
import { useBuscarSocios } from "../socios/use-socios";
import {
  DESFILES,
  enAlgunaEscuadra,
  idArrastrado,
  mover,
  ordenDelDesfile,
  TIPO_ARRASTRE,
} from "./escuadras-logica";
import {
  escrituras,
  rutaPdfEscuadras,
  useEscribirEstructura,
  useEscuadras,
} from "./use-estructura";

const SACAR = "sacar";

function alArrastrar(e: DragEvent, idSocio: number) {
  e.dataTransfer.setData(TIPO_ARRASTRE, String(idSocio));
  e.dataTransfer.setData("text/plain", String(idSocio));
  e.dataTransfer.effectAllowed = "move";
}

/** A festero that can be dragged (the keyboard uses the «Mover a…» select instead). */
function Arrastrable({
  idSocio,
  etiqueta,
  children,
}: {
  idSocio: number;
  etiqueta: string;
  children: React.ReactNode;
}) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      draggable
      onDragStart={(e) => alArrastrar(e, idSocio)}
      data-socio={idSocio}
      aria-label={etiqueta}
      style={{ cursor: "grab" }}
    >
      <IconGripVertical size={14} aria-hidden style={{ flexShrink: 0 }} />
      {children}
    </Group>
  );
}

function TarjetaEscuadra({
  g,
  otras,
  soltar,
}: {
  g: Grupo;
  otras: Grupo[];
  soltar: (idGrupo: number, idSocio: number) => void;
}) {
  const { t } = useTranslation();
  const escribir = useEscribirEstructura();
  const [encima, setEncima] = useState(false);
  const hacer = (fn: () => Promise<unknown>) =>
    escribir.mutate(fn, { onError: (e) => notificarError(e) });

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t("estructura.escuadra", { nombre: g.nombre })}
      data-escuadra={g.id}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setEncima(true);
      }}
      onDragLeave={() => setEncima(false)}
      onDrop={(e) => {
        e.preventDefault();
        setEncima(false);
        const id = idArrastrado(
          e.dataTransfer.getData(TIPO_ARRASTRE) || e.dataTransfer.getData("text/plain"),
        );
        if (id !== null) soltar(g.id, id);
      }}
      style={encima ? { outline: "2px dashed var(--mantine-color-blue-6)" } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="lg">
            {g.nombre}
          </Title>
          <Group gap={4} wrap="nowrap">
            <Badge variant="light" color={g.tipo === "especial" ? "grape" : "blue"}>
              {t(`estructura.tipos.${g.tipo ?? "ordinaria"}`)}
            </Badge>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("estructura.borrarEscuadra", { nombre: g.nombre })}
              onClick={() => {
                if (window.confirm(t("estructura.confirmarBorrar", { nombre: g.nombre }))) {
                  hacer(() => escrituras.borrarEscuadra(g.id));
                }
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {g.traje || g.banda ? (
          <Text size="xs" c="dimmed">
            {[
              g.traje && `${t("estructura.traje")}: ${g.traje}`,
              g.banda && `${t("estructura.banda")}: ${g.banda}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        ) : null}
        <Select
          label={t("estructura.cabo")}
          placeholder={t("estructura.sinCabo")}
          data={g.miembros.map((m) => ({ value: String(m.idSocio), label: nombreCompleto(m) }))}
          value={g.idCabo === null ? null : String(g.idCabo)}
          onChange={(v) =>
            hacer(() => escrituras.cabo({ id: g.id, idSocio: v ? Number(v) : null }))
          }
          clearable
          size="xs"
        />
        <Text size="xs" c="dimmed">
          {t("estructura.festeros", { n: g.miembros.length })}
        </Text>
        <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {g.miembros.map((m) => (
            <li key={m.idSocio}>
              <Group justify="space-between" wrap="nowrap" gap={4}>
                <Arrastrable idSocio={m.idSocio} etiqueta={nombreCompleto(m)}>
                  <Text size="sm" fw={m.esCabo ? 600 : 400} lineClamp={1}>
                    {nombreCompleto(m)}
                  </Text>
                  {m.esCabo ? (
                    <Badge size="xs" variant="outline">
                      {t("estructura.cabo")}
                    </Badge>
                  ) : null}
                </Arrastrable>
                <Select
                  aria-label={t("estructura.moverA", { nombre: nombreCompleto(m) })}
                  placeholder={t("estructura.moverAcorto")}
                  data={[
                    ...otras.map((o) => ({ value: String(o.id), label: o.nombre })),
                    { value: SACAR, label: t("estructura.sacar") },
                  ]}
                  value={null}
                  onChange={(v) => {
                    if (v === SACAR)
                      hacer(() => escrituras.sacar({ id: g.id, idSocio: m.idSocio }));
                    else if (v) soltar(Number(v), m.idSocio);
                  }}
                  size="xs"
                  w={130}
                />
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** Festeros of no escuadra this year, searchable; drag them onto a card or pick one. */
function SinEscuadra({
  escuadras,
  soltar,
}: {
  escuadras: Grupo[];
  soltar: (idGrupo: number, idSocio: number) => void;
}) {
  const { t } = useTranslation();
  const [busqueda, setBusqueda] = useState("");
  const [texto] = useDebouncedValue(busqueda.trim(), 300);
  const socios = useBuscarSocios(texto, true);
  const colocados = useMemo(() => enAlgunaEscuadra(escuadras), [escuadras]);
  const libres = ((socios.data?.items ?? []) as SocioResumen[]).filter((s) => !colocados.has(s.id));
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t("estructura.sinEscuadra")}
    >
      <Stack gap="xs">
        <Title order={3} fz="lg">
          {t("estructura.sinEscuadra")}
        </Title>
        <TextInput
          label={t("estructura.buscarFestero")}
          value={busqueda}
          onChange={(e) => setBusqueda(e.currentTarget.value)}
          type="search"
          size="xs"
        />
        <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {libres.map((s) => (
            <li key={s.id}>
              <Group justify="space-between" wrap="nowrap" gap={4}>
                <Arrastrable idSocio={s.id} etiqueta={nombreCompleto(s)}>
                  <Text size="sm" lineClamp={1}>
                    {nombreCompleto(s)}
                  </Text>
                </Arrastrable>
                <Select
                  aria-label={t("estructura.moverA", { nombre: nombreCompleto(s) })}
                  placeholder={t("estructura.moverAcorto")}
                  data={escuadras.map((o) => ({ value: String(o.id), label: o.nombre }))}
                  value={null}
                  onChange={(v) => v && soltar(Number(v), s.id)}
                  size="xs"
                  w={130}
                />
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function OrdenDesfile({ anyo, escuadras }: { anyo: number; escuadras: Grupo[] }) {
  const { t } = useTranslation();
  const escribir = useEscribirEstructura();
  const [desfile, setDesfile] = useState<string>(DESFILES[0]);
  const ordenadas = ordenDelDesfile(escuadras, desfile);
  const guardar = (lista: Grupo[]) =>
    escribir.mutate(() => escrituras.desfile({ desfile, anyo, idsGrupo: lista.map((g) => g.id) }), {
      onError: (e) => notificarError(e),
    });
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t("estructura.ordenDesfile")}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="lg">
            {t("estructura.ordenDesfile")}
          </Title>
          <Select
            aria-label={t("estructura.desfile")}
            data={DESFILES.map((d) => ({ value: d, label: t(`estructura.desfiles.${d}`) }))}
            value={desfile}
            onChange={(v) => v && setDesfile(v)}
            allowDeselect={false}
            size="xs"
            w={160}
          />
        </Group>
        <Stack gap={4} component="ol" style={{ paddingLeft: 20, margin: 0 }}>
          {ordenadas.map((g, i) => (
            <li key={g.id}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {g.nombre}
                  {g.desfiles[desfile] === undefined ? ` (${t("estructura.sinPuesto")})` : ""}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("estructura.subir", { nombre: g.nombre })}
                    disabled={i === 0}
                    onClick={() => guardar(mover(ordenadas, i, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("estructura.bajar", { nombre: g.nombre })}
                    disabled={i === ordenadas.length - 1}
                    onClick={() => guardar(mover(ordenadas, i, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
        <Group>
          <Button size="xs" variant="light" onClick={() => guardar(ordenadas)}>
            {t("estructura.guardarOrden")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function NuevaEscuadra({ anyo, cerrar }: { anyo: number; cerrar: () => void }) {
  const { t } = useTranslation();
  const escribir = useEscribirEstructura();
  const [nombre, setNombre] = useState("");
  const [tipo, setTipo] = useState("ordinaria");
  const [traje, setTraje] = useState("");
  const [banda, setBanda] = useState("");
  const [error, setError] = useState<string | null>(null);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    escribir.mutate(() => escrituras.crearEscuadra({ anyo, nombre, tipo, traje, banda }), {
      onSuccess: cerrar,
      onError: (err) => setError(mensajeDeError(err)),
    });
  };
  return (
    <form onSubmit={enviar}>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t("estructura.nombre")}
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
          required
          data-autofocus
        />
        <Select
          label={t("estructura.tipo")}
          data={["ordinaria", "especial"].map((v) => ({
            value: v,
            label: t(`estructura.tipos.${v}`),
          }))}
          value={tipo}
          onChange={(v) => v && setTipo(v)}
          allowDeselect={false}
        />
        <TextInput
          label={t("estructura.traje")}
          value={traje}
          onChange={(e) => setTraje(e.currentTarget.value)}
        />
        <TextInput
          label={t("estructura.banda")}
          value={banda}
          onChange={(e) => setBanda(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={escribir.isPending}>
            {t("estructura.crear")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Festeros › Escuadras: the year's escuadras as cards, members dragged between them. */
export function EscuadrasTab() {
  const { t } = useTranslation();
  const [anyo, setAnyo] = useState(() => new Date().getFullYear());
  const lista = useEscuadras(anyo);
  const escribir = useEscribirEstructura();
  const [creando, setCreando] = useState(false);
  const escuadras = lista.data?.items ?? [];

  const soltar = (idGrupo: number, idSocio: number) =>
    escribir.mutate(() => escrituras.meter({ id: idGrupo, idSocio, mover: true }), {
      onError: (e) => notificarError(e),
    });

  const copiar = () =>
    escribir.mutate(() => escrituras.copiar({ desde: anyo - 1, hasta: anyo, miembros: true }), {
      onSuccess: (r) => {
        const res = r as { escuadras: number; miembros: number };
        notifications.show({
          color: "green",
          message: t("estructura.copiadas", { escuadras: res.escuadras, miembros: res.miembros }),
        });
      },
      onError: (e) => notificarError(e),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <NumberInput
          label={t("estructura.anyo")}
          min={1900}
          max={2999}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          value={anyo}
          onChange={(v) => typeof v === "number" && v >= 1900 && v <= 2999 && setAnyo(v)}
          maw={140}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={copiar}
          >
            {t("estructura.copiarAnterior", { anyo: anyo - 1 })}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() =>
              descargarDeApi(rutaPdfEscuadras(anyo), `escuadras-${anyo}.pdf`).catch((e) =>
                notificarError(e),
              )
            }
          >
            {t("estructura.imprimir")}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreando(true)}>
            {t("estructura.nueva")}
          </Button>
        </Group>
      </Group>
      {lista.isError ? (
        <Alert color="red" role="alert">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t("estructura.ayudaArrastrar")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <SinEscuadra escuadras={escuadras} soltar={soltar} />
        {escuadras.map((g) => (
          <TarjetaEscuadra
            key={g.id}
            g={g}
            otras={escuadras.filter((o) => o.id !== g.id)}
            soltar={soltar}
          />
        ))}
      </SimpleGrid>
      {escuadras.length === 0 && !lista.isPending ? (
        <Text c="dimmed">{t("estructura.sinEscuadras", { anyo })}</Text>
      ) : null}
      {escuadras.length > 1 ? <OrdenDesfile anyo={anyo} escuadras={escuadras} /> : null}
      <Modal opened={creando} onClose={() => setCreando(false)} title={t("estructura.nueva")}>
        <NuevaEscuadra anyo={anyo} cerrar={() => setCreando(false)} />
      </Modal>
    </Stack>
  );
}
