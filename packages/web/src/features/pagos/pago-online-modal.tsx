import { type FormularioRedsys, type MetodoPagoOnline, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { importe, nombrePersona } from "./pagos-logica";
import type { PagoApi } from "./tipos";

// Loaded when someone opens it (pago-online.tsx): the homes show the button without this code,
// its Mantine components' styles or the domain's schemas.

/** Posts the signed form to the bank as a plain HTML form: the browser leaves for its page. */
export function enviarAlBanco(f: FormularioRedsys): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = f.url;
  for (const nombre of ["Ds_SignatureVersion", "Ds_MerchantParameters", "Ds_Signature"] as const) {
    const campo = document.createElement("input");
    campo.type = "hidden";
    campo.name = nombre;
    campo.value = f[nombre];
    form.appendChild(campo);
  }
  document.body.appendChild(form);
  form.submit();
}

export function PagarAhoraModal({ pagos, alCerrar }: { pagos: PagoApi[]; alCerrar: () => void }) {
  const { t } = useTranslation();
  const [elegidos, setElegidos] = useState<number[]>(pagos.map((p) => p.id));
  const [metodo, setMetodo] = useState<MetodoPagoOnline>("tarjeta");
  const ir = useMutation({
    mutationFn: () =>
      api.post<FormularioRedsys>("/pagos/pago-online", { idsPago: elegidos, metodo }),
    onSuccess: enviarAlBanco,
  });
  const total =
    pagos
      .filter((p) => elegidos.includes(p.id))
      .reduce((s, p) => s + Math.round(p.importe * 100), 0) / 100;
  return (
    <Modal opened onClose={alCerrar} title={t("pagoOnline.titulo")} centered>
      <Stack gap="md">
        <Checkbox.Group
          label={t("pagoOnline.cargos")}
          value={elegidos.map(String)}
          onChange={(v) => setElegidos(v.map(Number))}
        >
          <Stack gap="xs" mt="xs">
            {pagos.map((p) => (
              <Checkbox
                key={p.id}
                value={String(p.id)}
                label={`${p.concepto} · ${nombrePersona(p.socio)} · ${importe(p.importe)}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="metodo-pago-online">
            {t("pagoOnline.metodo")}
          </Text>
          <SegmentedControl
            aria-labelledby="metodo-pago-online"
            value={metodo}
            onChange={(v) => setMetodo(v as MetodoPagoOnline)}
            data={[
              { value: "tarjeta", label: t("pagoOnline.tarjeta") },
              { value: "bizum", label: t("pagoOnline.bizum") },
            ]}
            fullWidth
          />
        </Stack>
        <Text fz="xl" fw={700} data-testid="total-pago-online">
          {t("pagoOnline.total", { importe: importe(total) })}
        </Text>
        {ir.isError ? (
          <Alert role="alert" color="red">
            {mensajeDeError(ir.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("comun.cancelar")}
          </Button>
          <Button
            disabled={elegidos.length === 0}
            loading={ir.isPending || ir.isSuccess}
            onClick={() => ir.mutate()}
          >
            {t("pagoOnline.irAlBanco")}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t("pagoOnline.aviso")}
        </Text>
      </Stack>
    </Modal>
  );
}
