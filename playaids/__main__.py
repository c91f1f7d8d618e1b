from playaids.cli.app import main

main()
