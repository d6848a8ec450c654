import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconToggleLeft, IconToggleRight, IconTrash } from "@tabler/icons-react";

type Props = {
  activo: boolean;
  /** Accessible names, already translated: they name the row ("Editar «Cuota anual»"). */
  etiquetas: { editar: string; alternar: string; borrar: string };
  onEditar: () => void;
  onAlternar: () => void;
  onBorrar: () => void;
};

/** The edit / activate-deactivate / delete icon buttons at the end of a list row. */
export function AccionesFila({ activo, etiquetas, onEditar, onAlternar, onBorrar }: Props) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={etiquetas.editar}>
        <ActionIcon variant="subtle" aria-label={etiquetas.editar} onClick={onEditar}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={etiquetas.alternar}>
        <ActionIcon
          variant="subtle"
          color={activo ? "orange" : "green"}
          aria-label={etiquetas.alternar}
          onClick={onAlternar}
        >
          {activo ? (
            <IconToggleRight size={18} aria-hidden />
          ) : (
            <IconToggleLeft size={18} aria-hidden />
          )}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={etiquetas.borrar}>
        <ActionIcon variant="subtle" color="red" aria-label={etiquetas.borrar} onClick={onBorrar}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
