import { Stack, Tabs, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { ActivarNotificaciones } from "../push/activar-notificaciones";
import { AlertasEnviadas } from "./alertas-enviadas";
import { EnviarAlertaForm } from "./enviar-alerta-form";
import { MisAlertas } from "./mis-alertas";

const PESTANYAS = ["mias", "enviar", "enviadas"] as const;
type Pestanya = (typeof PESTANYAS)[number];

/**
 * `#/alertas`: my alerts for everyone (`?id=` opens one); administrators also send alerts
 * and see the ones sent with their reads.
 */
export function AlertasPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  const esAdmin = usuario.rol === "administrador";

  const idTexto = params.get("id");
  const abierta = idTexto && /^\d+$/.test(idTexto) ? Number(idTexto) : null;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const pedida = params.get("tab") as Pestanya | null;
  const pestanya: Pestanya = esAdmin && pedida && PESTANYAS.includes(pedida) ? pedida : "mias";

  const cambiar = (cambios: Record<string, string | null>) => {
    const nuevos = new URLSearchParams(params);
    for (const [clave, valor] of Object.entries(cambios)) {
      if (valor === null) nuevos.delete(clave);
      else nuevos.set(clave, valor);
    }
    setParams(nuevos, { replace: true });
  };

  const mias = (
    <MisAlertas
      page={page}
      onPage={(p) => cambiar({ page: String(p) })}
      abierta={abierta}
      onAbrir={(id) => cambiar({ id: id === null ? null : String(id) })}
    />
  );

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Title order={1}>{t("alertas.titulo")}</Title>
      <ActivarNotificaciones />
      {esAdmin ? (
        <Tabs
          keepMounted={false}
          value={pestanya}
          onChange={(v) => cambiar({ tab: v === "mias" ? null : v, id: null })}
        >
          <Tabs.List>
            <Tabs.Tab value="mias">{t("alertas.mias")}</Tabs.Tab>
            <Tabs.Tab value="enviar">{t("alertas.enviarAlerta")}</Tabs.Tab>
            <Tabs.Tab value="enviadas">{t("alertas.enviadas")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mias" pt="md">
            {mias}
          </Tabs.Panel>
          <Tabs.Panel value="enviar" pt="md">
            <EnviarAlertaForm alEnviar={() => cambiar({ tab: "enviadas" })} />
          </Tabs.Panel>
          <Tabs.Panel value="enviadas" pt="md">
            <AlertasEnviadas />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("alertas.mias")}
          </Title>
          {mias}
        </Stack>
      )}
    </Stack>
  );
}
