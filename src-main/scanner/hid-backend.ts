/**
 * The narrow seam between the scanner source and node-hid: enumeration and opening. The real
 * implementation wraps node-hid's HIDAsync; tests substitute a fake here and nowhere else.
 */
export interface HidDeviceInfo {
  /** Platform path to open (`/dev/hidraw3` on Linux with the hidraw driver). */
  path: string;
  vendorId: number;
  productId: number;
  product?: string;
  /** Absent with node-hid's libusb driver, which cannot read report descriptors. */
  usagePage?: number;
  usage?: number;
}

export interface HidHandle {
  on(event: 'data', listener: (report: Uint8Array) => void): void;
  on(event: 'error', listener: (error: unknown) => void): void;
  close(): Promise<void>;
}

export interface HidBackend {
  devices(): Promise<HidDeviceInfo[]>;
  open(path: string): Promise<HidHandle>;
}
