import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { signOut } from '@/lib/sign-out';

export function LogoutButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className="w-full justify-start" onClick={() => setOpen(true)}>
        <LogOutIcon aria-hidden />
        Logout
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Are you absolutely sure?"
        description="This action cannot be undone. This will permanently sign you out of your account."
        confirmLabel="Logout"
        onConfirm={() => {
          setOpen(false);
          void signOut();
        }}
      />
    </>
  );
}
