import {
  formatearFecha,
  mensajeDeError,
  type ProximoActoResumen,
  type ResumenAdmin,
} from "@fila/domain";
import {
  Alert,
  Anchor,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { MaestroBadge } from "../maestros/maestro-badge";
import { importe } from "../pagos/pagos-logica";
import { useResumenAdmin } from "./use-resumen";

/** Percentage of `parte` over `total` (0 when there is no total), capped at 100. */
export function porcentaje(parte: number, total: number | null): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.round((parte / total) * 100));
}

/** The administrator's dashboard: members, debt, collected, next events, alerts, remittances. */
export function PanelAdmin() {
  const { t } = useTranslation();
  const resumen = useResumenAdmin();

  return (
    <Stack gap="sm" component="section" aria-labelledby="panel-admin">
      <Title order={2} size="h3" id="panel-admin">
        {t("inicioAdmin.titulo")}
      </Title>
      {resumen.isError ? (
        <Alert color="red" title={t("inicioAdmin.error")}>
          {mensajeDeError(resumen.error)}
        </Alert>
      ) : resumen.data ? (
        <Tarjetas datos={resumen.data} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} height={160} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Tarjeta({
  id,
  titulo,
  enlace,
  children,
}: {
  id: string;
  titulo: string;
  enlace?: { a: string; texto: string };
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={id}
      data-testid={id}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4" id={id}>
          {titulo}
        </Title>
        {enlace ? (
          <Anchor component={Link} to={enlace.a} size="sm" ta="right">
            {enlace.texto}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

function Cifra({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Text fz={32} fw={700} lh={1.2} data-testid={testId}>
      {children}
    </Text>
  );
}

function Tarjetas({ datos }: { datos: ResumenAdmin }) {
  const { t } = useTranslation();
  const { socios, deuda } = datos;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: "sm", sm: "md" }}>
      <Tarjeta
        id="panel-socios"
        titulo={t("inicioAdmin.socios.titulo")}
        enlace={{ a: "/socios", texto: t("inicioAdmin.socios.ver") }}
      >
        <Cifra testId="panel-socios-activos">{socios.activos}</Cifra>
        <Text size="sm" c="dimmed" mb="sm">
          {t("inicioAdmin.socios.activos", { count: socios.activos })} ·{" "}
          {t("inicioAdmin.socios.bajas", { count: socios.bajas })}
        </Text>
        <Stack gap={6}>
          {socios.porTipo.map((tipo) => (
            <Stack key={tipo.idTipoSocio ?? "sin-tipo"} gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <MaestroBadge
                  nombre={tipo.idTipoSocio === null ? t("inicioAdmin.socios.sinTipo") : tipo.nombre}
                  color={tipo.color || undefined}
                />
                <Text size="sm" fw={600}>
                  {tipo.activos}
                </Text>
              </Group>
              <Progress
                value={porcentaje(tipo.activos, socios.activos)}
                size="sm"
                color={tipo.color || undefined}
                aria-label={t("inicioAdmin.socios.barra", {
                  tipo: tipo.nombre,
                  count: tipo.activos,
                })}
              />
            </Stack>
          ))}
        </Stack>
      </Tarjeta>

      <Tarjeta
        id="panel-deuda"
        titulo={t("inicioAdmin.deuda.titulo")}
        enlace={{ a: "/pagos?estado=pendiente", texto: t("inicioAdmin.deuda.ver") }}
      >
        <Cifra testId="panel-deuda-pendiente">{importe(deuda.pendiente)}</Cifra>
        <Text size="sm" c="dimmed">
          {t("inicioAdmin.deuda.cargos", { count: deuda.numCargosPendientes })}
        </Text>
        <Stack gap={2} mt="sm">
          <Text size="sm" c={deuda.vencida > 0 ? "red" : undefined}>
            {t("inicioAdmin.deuda.vencida", { importe: importe(deuda.vencida) })}
          </Text>
          <Text size="sm">
            {t("inicioAdmin.deuda.devuelto", { importe: importe(deuda.devuelto) })}
          </Text>
        </Stack>
      </Tarjeta>

      <Tarjeta
        id="panel-cobrado"
        titulo={t("inicioAdmin.cobrado.titulo")}
        enlace={{ a: "/pagos?estado=pagado", texto: t("inicioAdmin.cobrado.ver") }}
      >
        <Cifra testId="panel-cobrado-importe">{importe(datos.cobradoAnyo)}</Cifra>
        <Text size="sm" c="dimmed">
          {t("inicioAdmin.cobrado.detalle", { anyo: new Date().getFullYear() })}
        </Text>
      </Tarjeta>

      <Tarjeta
        id="panel-actos"
        titulo={t("inicioAdmin.actos.titulo")}
        enlace={{ a: "/actos", texto: t("inicioAdmin.actos.ver") }}
      >
        {datos.proximosActos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("inicioAdmin.actos.ninguno")}
          </Text>
        ) : (
          <Stack gap="sm">
            {datos.proximosActos.map((acto) => (
              <ActoResumen key={acto.id} acto={acto} />
            ))}
          </Stack>
        )}
      </Tarjeta>

      <Tarjeta
        id="panel-alertas"
        titulo={t("inicioAdmin.alertas.titulo")}
        enlace={{ a: "/alertas", texto: t("inicioAdmin.alertas.ver") }}
      >
        {datos.ultimasAlertas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("inicioAdmin.alertas.ninguna")}
          </Text>
        ) : (
          <Stack gap="xs">
            {datos.ultimasAlertas.map((alerta) => (
              <Stack key={alerta.id} gap={0}>
                <Text fw={600} lineClamp={1}>
                  {alerta.titulo}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatearFecha(alerta.creadaEn)} ·{" "}
                  {t("inicioAdmin.alertas.leidas", {
                    leidas: alerta.leidas,
                    destinatarios: alerta.destinatarios,
                  })}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Tarjeta>

      <Tarjeta
        id="panel-remesas"
        titulo={t("inicioAdmin.remesas.titulo")}
        enlace={{ a: "/utilidades", texto: t("inicioAdmin.remesas.ver") }}
      >
        <Cifra testId="panel-remesas-pendientes">{datos.remesasPendientes}</Cifra>
        <Text size="sm" c="dimmed">
          {t("inicioAdmin.remesas.detalle", { count: datos.remesasPendientes })}
        </Text>
      </Tarjeta>
    </SimpleGrid>
  );
}

function ActoResumen({ acto }: { acto: ProximoActoResumen }) {
  const { t } = useTranslation();
  const lleno = acto.plazasLibres === 0;
  return (
    <Stack gap={2} data-testid={`panel-acto-${acto.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={`/listado-inscritos?acto=${acto.id}`} fw={600}>
          {acto.nombre}
        </Anchor>
        <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {formatearFecha(acto.fecha)}
          {acto.hora ? ` ${acto.hora}` : ""}
        </Text>
      </Group>
      <Text size="sm">
        {acto.aforo === null
          ? t("inicioAdmin.actos.inscritosSinAforo", { count: acto.numInscritos })
          : t("inicioAdmin.actos.inscritos", {
              inscritos: acto.numInscritos,
              aforo: acto.aforo,
            })}
      </Text>
      {acto.aforo === null ? null : (
        <Progress
          value={porcentaje(acto.numInscritos, acto.aforo)}
          size="sm"
          color={lleno ? "red" : undefined}
          aria-label={t("inicioAdmin.actos.barra", { acto: acto.nombre })}
        />
      )}
    </Stack>
  );
}
