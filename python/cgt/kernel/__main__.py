"""``python -m cgt.kernel install [--user | --sys-prefix | --prefix DIR]`` installs the
kernel spec; ``python -m cgt.kernel -f CONNECTION_FILE`` (what Jupyter runs) starts it."""

import sys


def main(argv):
    if argv[:1] == ["install"]:
        from .install import install

        return install(argv[1:])
    from ipykernel.kernelapp import IPKernelApp

    from .kernel import CgtKernel

    IPKernelApp.launch_instance(argv=argv, kernel_class=CgtKernel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
