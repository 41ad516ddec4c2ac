import type { ApiEndpointName, ApiReply, ApiRequest } from '../../../../shared/ipc/index.ts';
import { downloadFile, type DownloadRequest } from './download.ts';
import { replyFromAnswer } from './reply.ts';
import { buildUrl, checkRequest, endpointNamed, isRetryable, type RawRequest } from './request.ts';
import { baseHeaders, DEFAULT_CLIENT_OPTIONS, type ClientOptions, type ServiceTarget } from './target.ts';
import { sendAndRead } from './transport.ts';
import { uploadFile, type UploadRequest } from './upload.ts';

/** Options of one call. */
interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** A client of one tracking service, built from the wire contract; every failure is an AppError with the server's msg. */
export class ServiceClient {
  readonly target: ServiceTarget;
  readonly options: ClientOptions;

  constructor(target: ServiceTarget, options: Partial<ClientOptions> = {}) {
    this.target = target;
    this.options = { ...DEFAULT_CLIENT_OPTIONS, ...options };
  }

  /** Calls a JSON endpoint, typed by its contract entry. */
  async call<N extends ApiEndpointName>(name: N, request: ApiRequest<N>, options: CallOptions = {}): Promise<ApiReply<N>> {
    return (await this.callByName(name, request as RawRequest, options)) as ApiReply<N>;
  }

  /** Calls a JSON endpoint named at run time (the ipc path); the request is checked against the entry's schemas first. */
  async callByName(name: string, request: RawRequest, options: CallOptions = {}): Promise<unknown> {
    const endpoint = endpointNamed(name, { bodyKinds: ['none', 'json'], replyKind: 'json' });
    checkRequest(name, endpoint, request);
    const url = buildUrl(this.target.baseUrl, endpoint, request.query, request.params);
    const headers: Record<string, string> = { ...baseHeaders(this.target), accept: 'application/json' };
    const init: RequestInit = { method: endpoint.method, headers };
    if (endpoint.bodyKind === 'json' && request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const answer = await sendAndRead(url, init, {
      timeoutMs: this.options.timeoutMs,
      signal: options.signal,
      retries: isRetryable(endpoint) ? this.options.retries : 0,
      retryDelayMs: this.options.retryDelayMs,
    });
    return replyFromAnswer(endpoint, answer, url);
  }

  /** Streams a file to a multipart endpoint (e.g. `uploadAsset`) and answers its reply. */
  upload(name: ApiEndpointName | (string & {}), request: UploadRequest): Promise<unknown> {
    return uploadFile(this.target, name, request, this.options);
  }

  /** Streams a binary endpoint (e.g. `downloadAsset`) into a file. */
  download(name: ApiEndpointName | (string & {}), request: DownloadRequest): Promise<{ bytes: number }> {
    return downloadFile(this.target, name, request, this.options);
  }
}
