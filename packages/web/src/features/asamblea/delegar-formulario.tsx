import { Button, Select, Stack } from "@mantine/core";
import { useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { idDelegante, type MiAsamblea, useAccionAsamblea, useDelegables } from "./use-asamblea";

/** «Delegar mi voto»: whom to, among the census, and the confirmation. */
export function FormularioDelegar({ a, alDelegar }: { a: MiAsamblea; alDelegar: () => void }) {
  const { t } = useTranslation();
  const [elegido, setElegido] = useState<string | null>(null);
  const delegables = useDelegables(a.id);
  const delegar = useAccionAsamblea((idDelegado: number) =>
    api.post(`/asambleas/${a.id}/delegaciones`, { idDelegante: idDelegante(a), idDelegado }),
  );
  return (
    <Stack gap="xs">
      <Select
        label={t("asamblea.delegarEn")}
        searchable
        data={(delegables.data?.items ?? [])
          .filter((d) => d.idSocio !== idDelegante(a))
          .map((d) => ({
            value: String(d.idSocio),
            label: d.matricula === null ? d.nombre : `${d.nombre} (${d.matricula})`,
          }))}
        value={elegido}
        onChange={setElegido}
      />
      <Button
        disabled={elegido === null}
        loading={delegar.isPending}
        onClick={() =>
          delegar.mutate(Number(elegido), {
            onError: (e) => notificarError(e, t("asamblea.error")),
            onSuccess: alDelegar,
          })
        }
      >
        {t("asamblea.confirmarDelegar")}
      </Button>
    </Stack>
  );
}
