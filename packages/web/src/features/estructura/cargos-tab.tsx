import "mantine-datatable/styles.css";
import { type Cargo, formatearFecha, mensajeDeError } from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconDeviceFloppy, IconPlus, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useIdioma, useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { nombreCompleto, type SocioResumen } from "../socios/tipos";
import { useBuscarSocios } from "../socios/use-socios";
import { escrituras, useCargos, useCargosDelAnyo, useEscribirEstructura } from "./use-estructura";

/** One row of the positions table, edited in place. */
function FilaCargo({ c }: { c: Cargo }) {
  const { t } = useTranslation();
  const escribir = useEscribirEstructura();
  const [nombre, setNombre] = useState(c.nombre);
  const [nombreVa, setNombreVa] = useState(c.nombreVa);
  const [peso, setPeso] = useState(c.peso);
  const [activo, setActivo] = useState(c.activo);
  const cambiado =
    nombre !== c.nombre || nombreVa !== c.nombreVa || peso !== c.peso || activo !== c.activo;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {c.codigo}
        </Text>
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t("cargos.nombre")}
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t("cargos.nombreVa")}
          value={nombreVa}
          onChange={(e) => setNombreVa(e.currentTarget.value)}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={t("cargos.peso")}
          value={peso}
          onChange={(v) => setPeso(typeof v === "number" ? v : 0)}
          min={0}
          max={10}
          allowDecimal={false}
          size="xs"
          w={80}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={t("cargos.activo")}
          checked={activo}
          onChange={(e) => setActivo(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          aria-label={t("cargos.guardar", { nombre: c.nombre })}
          disabled={!cambiado}
          loading={escribir.isPending}
          onClick={() =>
            escribir.mutate(
              () =>
                escrituras.actualizarCargo({
                  id: c.id,
                  codigo: c.codigo,
                  nombre,
                  nombreVa,
                  peso,
                  orden: c.orden,
                  activo,
                }),
              { onError: (e) => notificarError(e) },
            )
          }
        >
          <IconDeviceFloppy size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

function NuevoCargo() {
  const { t } = useTranslation();
  const escribir = useEscribirEstructura();
  const [codigo, setCodigo] = useState("");
  const [nombre, setNombre] = useState("");
  const [peso, setPeso] = useState(0);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    escribir.mutate(
      () =>
        escrituras.crearCargo({ codigo, nombre, nombreVa: "", peso, orden: 1000, activo: true }),
      {
        onSuccess: () => {
          setCodigo("");
          setNombre("");
          setPeso(0);
        },
        onError: (err) => notificarError(err),
      },
    );
  };
  return (
    <form onSubmit={enviar}>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t("cargos.codigo")}
          value={codigo}
          onChange={(e) => setCodigo(e.currentTarget.value)}
          required
          size="xs"
        />
        <TextInput
          label={t("cargos.nombre")}
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
          required
          size="xs"
        />
        <NumberInput
          label={t("cargos.peso")}
          value={peso}
          onChange={(v) => setPeso(typeof v === "number" ? v : 0)}
          min={0}
          max={10}
          allowDecimal={false}
          size="xs"
          w={90}
        />
        <Button type="submit" size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
          {t("cargos.nuevo")}
        </Button>
      </Group>
    </form>
  );
}

/** Give a cargo to a member, with its start and end. */
function AsignarCargo({ cargos }: { cargos: Cargo[] }) {
  const { t } = useTranslation();
  const escribir = useEscribirEstructura();
  const [busqueda, setBusqueda] = useState("");
  const [texto] = useDebouncedValue(busqueda.trim(), 300);
  const socios = useBuscarSocios(texto, true);
  const [idSocio, setIdSocio] = useState<string | null>(null);
  const [idCargo, setIdCargo] = useState<string | null>(null);
  const [desde, setDesde] = useState<string | null>(`${new Date().getFullYear()}-01-01`);
  const [hasta, setHasta] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!idSocio || !idCargo || !desde) return;
    escribir.mutate(
      () =>
        escrituras.asignarCargo({
          idSocio: Number(idSocio),
          idCargo: Number(idCargo),
          desde,
          hasta,
          notas: "",
        }),
      {
        onSuccess: () => {
          setError(null);
          setIdSocio(null);
        },
        onError: (err) => setError(mensajeDeError(err)),
      },
    );
  };
  return (
    <form onSubmit={enviar}>
      <Stack gap="xs">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group align="flex-end" gap="xs">
          <Select
            label={t("cargos.socio")}
            data={((socios.data?.items ?? []) as SocioResumen[]).map((s) => ({
              value: String(s.id),
              label: nombreCompleto(s),
            }))}
            value={idSocio}
            onChange={setIdSocio}
            searchable
            searchValue={busqueda}
            onSearchChange={setBusqueda}
            filter={({ options }) => options}
            required
            size="xs"
            w={240}
          />
          <Select
            label={t("cargos.cargo")}
            data={cargos
              .filter((c) => c.activo && c.codigo !== "cabo")
              .map((c) => ({ value: String(c.id), label: c.nombre }))}
            value={idCargo}
            onChange={setIdCargo}
            required
            size="xs"
            w={180}
          />
          <CampoFecha
            label={t("cargos.desde")}
            value={desde}
            onChange={setDesde}
            required
            size="xs"
          />
          <CampoFecha
            label={t("cargos.hasta")}
            value={hasta}
            onChange={setHasta}
            clearable
            size="xs"
          />
          <Button type="submit" size="xs" loading={escribir.isPending}>
            {t("cargos.asignar")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Festeros › Cargos: the positions table and the year's cargos (board view). */
export function CargosTab() {
  const { t } = useTranslation();
  const idioma = useIdioma();
  const [anyo, setAnyo] = useState(() => new Date().getFullYear());
  const cargos = useCargos();
  const delAnyo = useCargosDelAnyo(anyo);
  const escribir = useEscribirEstructura();
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-label={t("cargos.delAnyo", { anyo })}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} fz="lg">
              {t("cargos.delAnyo", { anyo })}
            </Title>
            <NumberInput
              label={t("estructura.anyo")}
              min={1900}
              max={2999}
              allowDecimal={false}
              thousandSeparator={false}
              value={anyo}
              onChange={(v) => typeof v === "number" && v >= 1900 && v <= 2999 && setAnyo(v)}
              maw={120}
              size="xs"
            />
          </Group>
          <AsignarCargo cargos={cargos.data ?? []} />
          {delAnyo.isError ? (
            <Alert color="red" role="alert">
              {mensajeDeError(delAnyo.error)}
            </Alert>
          ) : null}
          <Table striped aria-label={t("cargos.delAnyo", { anyo })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("cargos.cargo")}</Table.Th>
                <Table.Th>{t("cargos.socio")}</Table.Th>
                <Table.Th>{t("cargos.desde")}</Table.Th>
                <Table.Th>{t("cargos.hasta")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(delAnyo.data ?? []).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    {idioma === "va" && c.cargoVa ? c.cargoVa : c.cargo}
                    {c.escuadra ? ` · ${c.escuadra}` : ""}
                  </Table.Td>
                  <Table.Td>
                    {nombreCompleto({ nombre: c.nombreSocio, apellidos: c.apellidosSocio })}
                  </Table.Td>
                  <Table.Td>{formatearFecha(c.desde)}</Table.Td>
                  <Table.Td>{c.hasta ? formatearFecha(c.hasta) : "—"}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("cargos.quitar")}
                      onClick={() =>
                        escribir.mutate(
                          () => escrituras.quitarCargo({ idSocio: c.idSocio, id: c.id }),
                          { onError: (e) => notificarError(e) },
                        )
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {delAnyo.data && delAnyo.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t("cargos.ninguno")}
            </Text>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder radius="md" component="section" aria-label={t("cargos.tabla")}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t("cargos.tabla")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("cargos.ayudaPeso")}
          </Text>
          <Table aria-label={t("cargos.tabla")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("cargos.codigo")}</Table.Th>
                <Table.Th>{t("cargos.nombre")}</Table.Th>
                <Table.Th>{t("cargos.nombreVa")}</Table.Th>
                <Table.Th>{t("cargos.peso")}</Table.Th>
                <Table.Th>{t("cargos.activo")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(cargos.data ?? []).map((c) => (
                <FilaCargo key={`${c.id}-${c.nombre}-${c.peso}-${c.activo}`} c={c} />
              ))}
            </Table.Tbody>
          </Table>
          <NuevoCargo />
        </Stack>
      </Card>
    </Stack>
  );
}
