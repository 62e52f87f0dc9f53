export const USAGE = `Usage: library-kiosk <command> [options]

Staff scripting and diagnostics against the library service (KIOSK_BASE_URL, KIOSK_AUTH_URL).

Commands:
  login [--no-browser] [--timeout-seconds N]   sign in through the browser (loopback redirect)
  logout                                       sign out and delete the stored tokens
  whoami                                       the signed-in staff user and customer account
  member <barcode>                             a member with loans and fine, by card barcode
  member --email <email>                       the same, by email address
  members [--name X] [--size N] [--page N]     list members (page counts from 1)
  branches                                     list branches
  member-types                                 list member types
  update-member <id> --<Field> <value> ...     change member fields (GivenName, Surname, city, ...)
  checkout <item-barcode> <member-barcode>     check an item out to a member
  checkin <item-barcode>                       check an item in
  publish <file.pdf> [--name N] [--docid ID]   create a document and upload the file
  probe [--barcode B | --email E]              read-only calls; where each field was read from,
                                               and a suggested service.fieldMap
  probe --sip2 [--host H --port N ...]         the SIP2 server (sip2.* settings, each a flag):
                                               each step, how each field was read, what to fix
                                               (login password read from stdin)
  set-pin                                      set the staff-mode PIN (read from stdin, stored hashed)
  clear-pin-lockout                            end a staff PIN lockout on this machine (logged)
  staff-card [--remove]                        make the staff card that opens the PIN screen past
                                               a lockout: its code printed once, only its hash
                                               stored (the old card stops working)
  set-client-secret [--clear]                  store the client secret of a confidential client
                                               (read from stdin, stored encrypted)
  set-sip2-password [--terminal] [--clear]     store the SIP2 login password (CO), or the
                                               terminal password (AC), for sip2.host
                                               (read from stdin, stored encrypted)
  set-smtp-password [--clear]                  store the SMTP relay's password for e-mail
                                               receipts, for receipt.email.host and .user
                                               (read from stdin, stored encrypted)
  metrics-token                                make the token Prometheus scrapes with: printed
                                               once, only its SHA-256 stored (metrics.*)
  fleet-key <private-key.pem>                  make the fleet's Ed25519 key pair: the private
                                               key to the file (0600), the public key printed
  sign-settings --key <private-key.pem> --version N [--allow <change,...>] <export.json>
                                               a settings export signed as fleet settings,
                                               printed; --allow names the changes needing
                                               staff's confirmation that it may make
                                               (docs/operations.md)

Options:
  --json        machine-readable output on stdout (errors too)
  -h, --help    this text

Exit codes: 0 ok, 1 internal error, 2 usage or configuration, 3 refused by the service,
4 staff sign-in needed, 5 service unreachable or timed out, 6 malformed response, 130 cancelled.`;
