import "./restauracion.css";
import { type ActoRestauracion, DIETAS, formatearFechaHora, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCopy, IconLink, IconPrinter, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { haySesion, useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { Cargando } from "../socios/estado-carga";
import { CabeceraActos, FilasPorMenu } from "./cabecera-actos";
import { fechaConHora } from "./formato-actos";
import {
  type EnlaceCreado,
  useEnlacesRestauracion,
  useMutacionesEnlaces,
  useRestauracion,
  useRestauracionPublica,
} from "./use-actos";

/**
 * Catering: with `?token=` (a link shared with the caterer) the read-only head-counts, with or
 * without a session; otherwise the administrador's view with the share links.
 */
export function RestauracionPage() {
  const [params] = useSearchParams();
  const sesion = useSesion();
  const token = params.get("token");
  if (token) return <RestauracionPublica token={token} />;
  if (!haySesion(sesion)) return <Navigate to="/login" replace />;
  if (sesion.usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;
  return <RestauracionAdmin />;
}

function Cabecera({ conEnlaces }: { conEnlaces: boolean }) {
  const { t } = useTranslation();
  return (
    <CabeceraActos
      titulo={t("actos.restauracion.titulo")}
      intro={conEnlaces ? t("actos.restauracion.intro") : t("actos.restauracion.introPublica")}
    >
      <Button
        className="no-imprimir"
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden />}
        onClick={() => window.print()}
      >
        {t("actos.restauracion.imprimir")}
      </Button>
    </CabeceraActos>
  );
}

function RestauracionAdmin() {
  const restauracion = useRestauracion();
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Cabecera conEnlaces />
      <Recuentos consulta={restauracion} />
      <EnlacesRestauracion />
    </Stack>
  );
}

function RestauracionPublica({ token }: { token: string }) {
  const restauracion = useRestauracionPublica(token);
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Cabecera conEnlaces={false} />
      <Recuentos consulta={restauracion} />
    </Stack>
  );
}

function Recuentos({
  consulta,
}: {
  consulta: {
    data?: { items: ActoRestauracion[] };
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
}) {
  const { t } = useTranslation();
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError) {
    return (
      <Alert role="alert" color="red" title={t("actos.restauracion.errorCarga")}>
        {mensajeDeError(consulta.error)}
      </Alert>
    );
  }
  const actos = consulta.data?.items ?? [];
  if (actos.length === 0) return <Text c="dimmed">{t("actos.restauracion.vacio")}</Text>;
  return (
    <Stack gap="md">
      {actos.map((acto) => (
        <ActoRecuento key={acto.id} acto={acto} />
      ))}
    </Stack>
  );
}

function ActoRecuento({ acto }: { acto: ActoRestauracion }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      className="acto-restauracion"
      aria-labelledby={`restauracion-${acto.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={`restauracion-${acto.id}`}>
              {acto.nombre}
            </Title>
            <Text size="sm" c="dimmed">
              {[fechaConHora(acto.fecha, acto.hora), acto.lugar].filter(Boolean).join(" · ")}
            </Text>
            {acto.personasEnEspera > 0 ? (
              <Text size="sm" c="dimmed">
                {t("actos.restauracion.enEspera", { count: acto.personasEnEspera })}
              </Text>
            ) : null}
          </Stack>
          <Text fw={700} fz="xl">
            {t("actos.restauracion.personas", { count: acto.personas })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {acto.porMenu.length === 0 ? (
            <div />
          ) : (
            // In a box of its own: the grid cell would stretch the table's rows to the allergies' height.
            <div>
              <Table
                withTableBorder
                aria-label={t("actos.restauracion.porMenuDe", { acto: acto.nombre })}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("actos.campos.menu")}</Table.Th>
                    <Table.Th ta="right">{t("actos.restauracion.cubiertos")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <FilasPorMenu porMenu={acto.porMenu} />
                </Table.Tbody>
              </Table>
            </div>
          )}
          <Stack gap={4}>
            <Text fw={600}>{t("actos.campos.alergias")}</Text>
            {acto.alergias.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("actos.restauracion.sinAlergias")}
              </Text>
            ) : (
              <List
                size="sm"
                aria-label={t("actos.restauracion.alergiasDe", { acto: acto.nombre })}
              >
                {acto.alergias.map((a, i) => (
                  // Two people may share a first name and an allergy: the position tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                  <List.Item key={i}>
                    <Text span fw={500} size="sm">
                      {a.nombre}:
                    </Text>{" "}
                    {a.alergias}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </SimpleGrid>
        <MenusPorDieta acto={acto} />
      </Stack>
    </Card>
  );
}

/** Menus by diet (issue 50), in all and by table when the dinner is seated; none: nothing. */
function MenusPorDieta({ acto }: { acto: ActoRestauracion }) {
  const { t } = useTranslation();
  const { dietas } = acto;
  if (!dietas || dietas.personas === dietas.sinDieta) return null;
  const mesas = dietas.porMesa.filter((m) => m.mesa !== null);
  const filas = [
    { clave: "total", nombre: t("actos.restauracion.total"), r: dietas },
    ...mesas.map((m) => ({
      clave: String(m.mesa),
      nombre: t("actos.cena.mesa", { numero: m.mesa }),
      r: m,
    })),
  ];
  return (
    <Table
      withTableBorder
      aria-label={t("actos.restauracion.porDietaDe", { acto: acto.nombre })}
      data-testid="menus-por-dieta"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("actos.cena.porDieta")}</Table.Th>
          <Table.Th ta="right">{t("actos.cena.sinDieta")}</Table.Th>
          {DIETAS.map((d) => (
            <Table.Th key={d} ta="right">
              {t(`actos.dietas.${d}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {filas.map((f) => (
          <Table.Tr key={f.clave}>
            <Table.Td>{f.nombre}</Table.Td>
            <Table.Td ta="right">{f.r.sinDieta}</Table.Td>
            {DIETAS.map((d) => (
              <Table.Td key={d} ta="right">
                {f.r.porDieta[d]}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Read-only links for the caterer: create with days of validity, copy once, revoke. */
function EnlacesRestauracion() {
  const { t } = useTranslation();
  const enlaces = useEnlacesRestauracion();
  const { crear, revocar } = useMutacionesEnlaces();
  const [dias, setDias] = useState<number | string>(30);
  const [creado, setCreado] = useState<EnlaceCreado | null>(null);

  async function crearEnlace() {
    try {
      setCreado(await crear.mutateAsync(typeof dias === "number" ? dias : 30));
    } catch (e) {
      notificarError(e, t("actos.restauracion.errorEnlace"));
    }
  }

  async function revocarEnlace(id: number) {
    try {
      await revocar.mutateAsync(id);
      if (creado?.id === id) setCreado(null);
    } catch (e) {
      notificarError(e, t("actos.restauracion.errorEnlace"));
    }
  }

  const activos = (enlaces.data ?? []).filter((e) => e.activo);
  // Built by the server from PUBLIC_URL: this page with `?token=`.
  const url = creado?.url ?? "";
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className="no-imprimir"
      component="section"
      aria-labelledby="enlaces-restauracion"
    >
      <Stack>
        <Title order={2} size="h3" id="enlaces-restauracion">
          {t("actos.restauracion.enlaces")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("actos.restauracion.enlacesAyuda")}
        </Text>
        <Group align="flex-end">
          <NumberInput
            label={t("actos.restauracion.dias")}
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={dias}
            onChange={setDias}
            w={160}
          />
          <Button
            leftSection={<IconLink size={16} aria-hidden />}
            loading={crear.isPending}
            onClick={() => void crearEnlace()}
          >
            {t("actos.restauracion.crearEnlace")}
          </Button>
        </Group>
        {creado ? (
          <Alert color="green" title={t("actos.restauracion.enlaceCreado")}>
            <Stack gap="xs">
              <TextInput
                label={t("actos.restauracion.url")}
                value={url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
              />
              <Group justify="space-between">
                <Text size="sm">
                  {t("actos.restauracion.caduca", { fecha: formatearFechaHora(creado.expiraEn) })}
                </Text>
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-sm"
                      leftSection={<IconCopy size={14} aria-hidden />}
                      color={copied ? "green" : undefined}
                      onClick={copy}
                    >
                      {copied ? t("actos.copiado") : t("actos.copiar.url")}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {enlaces.isError ? (
          <Alert role="alert" color="red">
            {mensajeDeError(enlaces.error)}
          </Alert>
        ) : null}
        {activos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("actos.restauracion.sinEnlaces")}
          </Text>
        ) : (
          <Table aria-label={t("actos.restauracion.enlacesActivos")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("actos.restauracion.creado")}</Table.Th>
                <Table.Th>{t("actos.restauracion.caducaEl")}</Table.Th>
                <Table.Th>{t("actos.restauracion.creadoPor")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activos.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatearFechaHora(e.creadoEn)}</Table.Td>
                  <Table.Td>{formatearFechaHora(e.expiraEn)}</Table.Td>
                  <Table.Td>{e.creadoPor}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      loading={revocar.isPending && revocar.variables === e.id}
                      onClick={() => void revocarEnlace(e.id)}
                    >
                      {t("actos.restauracion.revocar")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
