import { Drawer, IconButton, Portal, drawerSlotRecipe } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../client/ui/icons';
import type { AccountProfile } from '../../domain/session';
import { Sidebar } from './sidebar';

/** The sidebar as a drawer below the lg breakpoint; its own chunk, as desktops never need it. */
export default function MobileNav({
  open,
  onOpenChange,
  profile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile?: AccountProfile;
}) {
  const { t } = useTranslation();
  return (
    <Drawer.Root
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="300px" aria-label={t('shell.navigation')}>
            <Drawer.Body p="0">
              <Sidebar profile={profile} onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild top="3" insetEnd="3">
              <IconButton variant="ghost" size="lg" aria-label={t('shell.closeNavigation')}>
                <CloseIcon />
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
