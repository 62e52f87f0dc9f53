/**
 * The metrics a kiosk exports, as issue 26 fixes them (docs/operations.md's table), with the
 * prom-client defaults the dashboard reads. The rules and the dashboard may read these alone.
 */
export const KIOSK_METRIC_NAMES: readonly string[] = [
  'library_kiosk_online',
  'library_kiosk_connectivity_changed_timestamp_seconds',
  'library_kiosk_queue_transactions',
  'library_kiosk_queue_exceptions',
  'library_kiosk_queue_oldest_age_seconds',
  'library_kiosk_sync_transactions_total',
  'library_kiosk_sessions_started_total',
  'library_kiosk_sessions_ended_total',
  'library_kiosk_circulation_total',
  'library_kiosk_scan_feedback_seconds',
  'library_kiosk_service_request_duration_seconds',
  'library_kiosk_staff_signed_in',
  'library_kiosk_staff_token_expiry_timestamp_seconds',
  'library_kiosk_token_refresh_failures_total',
  'library_kiosk_scanner_connected',
  'library_kiosk_receipts_total',
  'library_kiosk_renderer_crashes_total',
  'library_kiosk_renderer_restarts_total',
  'library_kiosk_pin_lockouts_total',
  'library_kiosk_clock_skew_seconds',
  'library_kiosk_build_info',
  'library_kiosk_settings_info',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
];
